/** Query-key factories, one per domain; every invalidation goes through them. */
export const profileKeys = {
  all: ['profile'] as const,
};

export const teamKeys = {
  all: ['teams'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
  detail: (teamId: string) => [...teamKeys.all, 'detail', teamId] as const,
  members: (teamId: string) => [...teamKeys.all, 'members', teamId] as const,
  moderation: (teamId: string) => [...teamKeys.all, 'moderation', teamId] as const,
};

export const apiKeyKeys = {
  all: ['api-key'] as const,
  detail: (teamId: string) => [...apiKeyKeys.all, teamId] as const,
};

export const webhookKeys = {
  all: ['webhooks'] as const,
  settings: (teamId: string) => [...webhookKeys.all, 'settings', teamId] as const,
  deliveries: (teamId: string, page: number) => [...webhookKeys.all, 'deliveries', teamId, page] as const,
};

export const billingKeys = {
  all: ['billing'] as const,
  plans: (productType: string) => [...billingKeys.all, 'plans', productType] as const,
  teamApiQuota: (teamId: string) => [...billingKeys.all, 'api-quota', teamId] as const,
  history: (teamId: string, range: object, page: number) => [...billingKeys.all, 'history', teamId, range, page] as const,
};
