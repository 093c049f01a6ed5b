// The door to TanStack Query: one QueryClient context for the shell and every remote.
export { QueryClient, QueryClientProvider, keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
export type { QueryKey, UseQueryResult } from '@tanstack/react-query';
export { useQuery } from './use-query';
