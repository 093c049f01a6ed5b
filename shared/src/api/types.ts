import type { EmployeeCount, JobRole, UiLanguage } from '../validation';

export type TeamRole = 'owner' | 'member';
export type TeamSummary = { id: string; name: string; role: TeamRole };
export type Team = TeamSummary & { createdAt: string };

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

export type Subscription = { plan?: { alias?: string }; currentPeriodStart?: string } & Record<string, unknown>;
export type ApiSubscription = { hasApiSubscription?: boolean; subscription?: Subscription };
export type Quota = Record<string, unknown>;

export type Member = { userId: string; name: string | null; email: string; role: TeamRole; joinedAt: string };
export type PendingInvitation = { id: string; email: string; language: string; expiresAt: string; createdAt: string };
export type TeamMembers = { members: Member[]; invitations: PendingInvitation[] };
export type ApiKeyInfo = { exists: boolean; prefix: string | null; createdAt: string | null };
export type NewApiKey = { apiKey: string; prefix: string; createdAt: string };
