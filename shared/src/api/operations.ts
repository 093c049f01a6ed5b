import type { UiLanguage } from '../validation';
import { api } from './client';
import type {
  ApiKeyInfo,
  AvatarSummary,
  ApiSubscription,
  BearerToken,
  CatalogPlan,
  Currency,
  HistoryPage,
  NewApiKey,
  ProductType,
  Profile,
  Quota,
  Subscription,
  Team,
  TeamMembers,
  TeamApiQuota,
  TeamSummary,
  WebhookDeliveryPage,
  WebhookEndpoint,
  WebhookSettings,
} from './types';

/** Typed calls for the sign-in journey (SPEC §7). */
export const authApi = {
  checkEmail: (email: string) => api.post<{ available: true }>('/api/check-email', { email }),
  sendVerificationCode: (email: string, language: UiLanguage) =>
    api.post<{ resendAfterSeconds: number }>('/api/auth/send-verification-code', { email, language }),
  resendCode: (email: string, language: UiLanguage) =>
    api.post<{ resendAfterSeconds: number }>('/api/auth/resend-code', { email, language }),
  verifyCode: (email: string, code: string) => api.post<{ verified: true }>('/api/auth/verify-code', { email, code }),
  signup: (input: { email: string; password: string; code: string; invitationCode?: string; language: UiLanguage }) =>
    api.post<{ token: string; joinedTeam: { id: string; name: string } | null }>('/api/auth/signup', input),
  login: (email: string, password: string) => api.post<BearerToken>('/api/login', { email, password }),
  googleLogin: (payload: GooglePayload) => api.post<BearerToken>('/api/google/login', payload),
  googleSignup: (payload: GooglePayload) => api.post<BearerToken>('/api/google/signup', payload),
  /** Confirms a `google_link_required` answer with the code mailed to the account. */
  googleLink: (linkToken: string, code: string) => api.post<BearerToken>('/api/google/link', { linkToken, code }),
  refresh: () => api.get<BearerToken>('/api/refresh'),
  logout: () => api.post<Record<string, never>>('/api/logout'),
  forgotPassword: (email: string, language: UiLanguage) => api.post<{ accepted: true }>('/api/auth/forgot-password', { email, language }),
  resetPassword: (token: string, password: string) => api.post<{ reset: true }>('/api/auth/reset-password', { token, password }),
};

export type GooglePayload = { credential?: string; code?: string; accessToken?: string };

export const userApi = {
  profile: () => api.get<Profile>('/api/profile'),
  updateProfile: (input: { name: string; companyName: string; numberOfEmployees: string; role: string }) =>
    api.put<Profile>('/api/users/update-profile', input),
  setCurrentTeam: (teamId: string) => api.put<Profile>('/api/users/current-team', { teamId }),
  subscription: () => api.get<{ subscription?: Subscription }>('/api/users/subscription'),
  apiSubscription: () => api.get<ApiSubscription>('/api/users/api-subscription'),
  quota: () => api.get<{ quota?: Quota }>('/api/users/quota'),
  requestEmailChange: (newEmail: string, language: UiLanguage) =>
    api.post<{ resendAfterSeconds: number }>('/api/users/change-email-request', { newEmail, language }),
  confirmEmailChange: (newEmail: string, otp: string) => api.post<Profile>('/api/users/change-email-verify-otp', { newEmail, otp }),
  changePassword: (currentPassword: string, newPassword: string) =>
    api.post<{ changed: true }>('/api/auth/change-password', { currentPassword, newPassword }),
  /** The account's data (profile, and what the user made in each team, with links to its media) as a JSON file. */
  exportData: () => api.blob('GET', '/api/users/export'),
  deleteAccount: (userId: string, email: string) => api.delete<Record<string, never>>(`/api/users/${userId}`, { email }),
};

export const teamApi = {
  list: () => api.get<TeamSummary[]>('/api/teams'),
  get: (teamId: string) => api.get<Team>(`/api/teams/${teamId}`),
  create: (name: string) => api.post<Team>('/api/teams', { name }),
  rename: (teamId: string, name: string) => api.put<Team>(`/api/teams/${teamId}`, { name }),
  setKeepWatermark: (teamId: string, keepWatermark: boolean) => api.put<Team>(`/api/teams/${teamId}`, { keepWatermark }),
  invite: (teamId: string, email: string, language?: UiLanguage) =>
    api.post<{ id: string; email: string; expiresAt: string }>(`/api/teams/${teamId}/invitations`, { email, language }),
  join: (code: string) => api.post<Team>('/api/teams/join', { code }),
  /** What a join link's code invites to: answered signed out. */
  previewInvitation: (code: string) => api.get<{ teamName: string; inviterName: string | null }>('/api/invitations/preview', { code }),
  members: (teamId: string) => api.get<TeamMembers>(`/api/teams/${teamId}/members`),
  removeMember: (teamId: string, userId: string) => api.delete<Record<string, never>>(`/api/teams/${teamId}/members/${userId}`),
  revokeInvitation: (teamId: string, invitationId: string) =>
    api.delete<Record<string, never>>(`/api/teams/${teamId}/invitations/${invitationId}`),
  apiKey: (teamId: string) => api.get<ApiKeyInfo>(`/api/teams/${teamId}/api-key`),
  generateApiKey: (teamId: string) => api.post<NewApiKey>(`/api/teams/${teamId}/api-key`),
  /** The words and phrases the team's scripts may not contain. */
  moderation: (teamId: string) => api.get<{ blockedTerms: string[] }>(`/api/teams/${teamId}/moderation`),
  setModeration: (teamId: string, blockedTerms: string[]) =>
    api.put<{ blockedTerms: string[] }>(`/api/teams/${teamId}/moderation`, { blockedTerms }),
  recentAvatars: (teamId: string) => api.get<{ items: AvatarSummary[] }>(`/api/teams/${teamId}/avatars`, { page: 1, pageSize: 12 }),
};

/** The team's webhooks: endpoints and signing secret (owners manage), and the delivery log. */
export const webhookApi = {
  settings: (teamId: string) => api.get<WebhookSettings>(`/api/teams/${teamId}/webhooks`),
  addEndpoint: (teamId: string, input: { url: string; events: string[] }) =>
    api.post<WebhookEndpoint>(`/api/teams/${teamId}/webhooks`, input),
  removeEndpoint: (teamId: string, id: string) => api.delete<Record<string, never>>(`/api/teams/${teamId}/webhooks/${id}`),
  sendTest: (teamId: string, id: string) => api.post<{ deliveryId: string }>(`/api/teams/${teamId}/webhooks/${id}/test`),
  rotateSecret: (teamId: string) => api.post<{ signingSecret: string }>(`/api/teams/${teamId}/webhooks/secret`),
  deliveries: (teamId: string, page: number, pageSize: number) =>
    api.get<WebhookDeliveryPage>(`/api/teams/${teamId}/webhooks/deliveries`, { page, pageSize }),
  resend: (teamId: string, deliveryId: string) =>
    api.post<{ deliveryId: string }>(`/api/teams/${teamId}/webhooks/deliveries/${deliveryId}/resend`),
  cancel: (teamId: string, deliveryId: string) =>
    api.post<{ deliveryId: string; status: 'cancelled' }>(`/api/teams/${teamId}/webhooks/deliveries/${deliveryId}/cancel`),
};

export type HistoryRange = { type: ProductType; from: string; to: string };
/** An open end of the period is left out of the query. */
const periodQuery = ({ type, from, to }: HistoryRange) => ({ type, from: from || undefined, to: to || undefined });

/** Plans, checkout, the billing portal, usage history and Contact sales (SPEC §7 and what it leaves unshown). */
export const billingApi = {
  teamApiQuota: (teamId: string) => api.get<TeamApiQuota>(`/api/teams/${teamId}/api-quota`),
  plans: (productType: ProductType = 'app') => api.get<{ plans: CatalogPlan[] }>('/api/stripe/personal-plans', { productType }),
  customerSession: (userId: string, email: string) => api.post<{ customerId: string }>('/api/stripe/customer-session', { email, userId }),
  checkoutSession: (input: { priceId: string; customerId: string; successUrl: string; cancelUrl: string; currency?: Currency }) =>
    api.post<{ sessionId: string; url: string }>('/api/stripe/create-checkout-session', input),
  portalSession: (returnUrl: string) => api.post<{ url: string }>('/api/stripe/billing-portal-session', { returnUrl }),
  history: (teamId: string, range: HistoryRange, page: number, pageSize: number, signal?: AbortSignal) =>
    api.get<HistoryPage>(`/api/teams/${teamId}/history`, { ...periodQuery(range), page, pageSize }, signal),
  historyCsv: (teamId: string, range: HistoryRange) => api.blob('GET', `/api/teams/${teamId}/history.csv`, periodQuery(range)),
  contactSales: (input: { name: string; email: string; company: string; teamSize: string; message: string }) =>
    api.post<{ id: string }>('/api/contact-sales', input),
};
