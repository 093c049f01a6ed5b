// The door to TanStack Query: one QueryClient context for the shell and every remote.
export { QueryClient, QueryClientProvider, keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
export type { QueryKey, UseQueryResult } from '@tanstack/react-query';
