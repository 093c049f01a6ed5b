import type { EmployeeCount, JobRole, UiLanguage } from '../validation';

export type TeamRole = 'owner' | 'member';
export type TeamSummary = { id: string; name: string; role: TeamRole };
export type Team = TeamSummary & { createdAt: string; keepWatermark: boolean; watermarkRemoval?: boolean };

export type Profile = {
  id: string;
  name: string | null;
  email: string;
  provider: 'password' | 'google';
  companyName: string | null;
  numberOfEmployees: EmployeeCount | null;
  role: JobRole | null;
  language: UiLanguage;
  teams: TeamSummary[];
  currentTeam: TeamSummary | null;
  stripeCustomerId: string | null;
};

export type BearerToken = { accessToken: string; tokenType: 'Bearer' };

export type ProductType = 'app' | 'api';
export type Interval = 'month' | 'year';
export type Currency = 'usd' | 'jpy';

/** SPEC §3 Plan: what a plan allows. An alias containing `free` or `business` is significant (SPEC §4). */
export type PlanFeatures = {
  alias: string;
  productType: ProductType;
  avatarSlots: number;
  customAvatarsPerMonth: number;
  videoMinutesPerMonth: number;
  customVoicesPerMonth: number;
  audioMinutesPerMonth: number;
  watermarkRemoval: boolean;
  commercialUse: boolean;
  contactSales: boolean;
};
/** `unitAmount` is in the currency's smallest unit (cents; yen have none). */
export type PlanPrice = { id: string; interval: Interval; currency: Currency; unitAmount: number };
export type CatalogPlan = PlanFeatures & { prices: PlanPrice[] };

/** SPEC §3 Subscription. Loaded leniently (SPEC §8): any field may be missing from what the server sent. */
export type Subscription = {
  plan?: Partial<PlanFeatures> & { priceId?: string | null; interval?: Interval | null; currency?: Currency | null };
  status?: string;
  currentPeriodStart?: string | null;
  currentPeriodEnd?: string | null;
  cancelAtPeriodEnd?: boolean;
};
export type ApiSubscription = { hasApiSubscription?: boolean; subscription?: Subscription | null };

export type QuotaMeter = { used: number; total: number; unit: 'mins' | 'count' };
export const QUOTA_METERS = ['videoMinutes', 'audioMinutes', 'customAvatars', 'customVoices', 'avatarSlots'] as const;
export type QuotaMeterName = (typeof QUOTA_METERS)[number];
/** SPEC §3 Quota: used and total per allowance and the next renewal date, of the plan the current team counts against. */
export type Quota = Partial<Record<QuotaMeterName, QuotaMeter>> & { plan?: string; nextRenewalDate?: string; ownerIsYou?: boolean };

/** The API plan a team's key is charged to (its owner's) and what it has used this period; no quota without one. */
export type TeamApiQuota = { hasApiSubscription: boolean; quota: Quota | null; ownerIsYou: boolean };

export type HistoryType = 'video_generation' | 'avatar_model_creation' | 'audio_generation' | 'voice_model_creation';
/** SPEC §3 History row. */
export type HistoryRow = {
  createdAt: string;
  type: HistoryType;
  name: string;
  durationMinutes: number;
  creator: string | null;
  createdVia: 'app' | 'api';
  /** The batch a video was made in. */
  batch: { id: string; name: string } | null;
};
export type HistoryPage = { items: HistoryRow[]; page: number; pageSize: number; total: number };

export type Member = { userId: string; name: string | null; email: string; role: TeamRole; joinedAt: string };
export type PendingInvitation = { id: string; email: string; language: string; expiresAt: string; createdAt: string };
export type TeamMembers = { members: Member[]; invitations: PendingInvitation[] };
export type ApiKeyInfo = { exists: boolean; prefix: string | null; createdAt: string | null };
export type NewApiKey = { apiKey: string; prefix: string; createdAt: string };

/** A webhook endpoint of the team (API Key page). */
export type WebhookEndpoint = { id: string; url: string; events: string[]; createdAt: string };
/** The signing secret is shown to owners only (null for members). */
export type WebhookSettings = { endpoints: WebhookEndpoint[]; signingSecret: string | null };
export type WebhookAttempt = { statusCode: number | null; error: string | null; durationMs: number; at: string };
export type WebhookDelivery = {
  id: string;
  endpointId: string | null;
  /** Its endpoint was removed: kept in the log, never sent again. */
  endpointRemoved: boolean;
  url: string;
  event: string;
  status: 'pending' | 'succeeded' | 'failed' | 'cancelled';
  attempts: number;
  lastStatusCode: number | null;
  lastError: string | null;
  nextAttemptAt: string | null;
  createdAt: string;
  attemptLog: WebhookAttempt[];
};
export type WebhookDeliveryPage = { items: WebhookDelivery[]; page: number; pageSize: number; total: number };
/** The few fields of the team's avatars the API Key page's examples need. */
export type AvatarSummary = { id: string; name: string; status: 'in_progress' | 'ready' | 'failed'; defaultVoiceId: string | null };
