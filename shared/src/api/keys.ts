/** Query-key factories, one per domain; every invalidation goes through them. */
export const profileKeys = {
  all: ['profile'] as const,
};

export const teamKeys = {
  all: ['teams'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
  detail: (teamId: string) => [...teamKeys.all, 'detail', teamId] as const,
};
