import { useMutation, useQuery, useQueryClient } from '@kagami/shared/query';
import { teamApi, teamKeys } from '@kagami/shared/api';

export const teamMembersQueryOptions = (teamId: string) => ({ queryKey: teamKeys.members(teamId), queryFn: () => teamApi.members(teamId) });

export const useTeamMembers = (teamId: string) => useQuery({ ...teamMembersQueryOptions(teamId), enabled: Boolean(teamId) });

/** A change to the team: afterwards its members (and the team list, for names and roles) are fetched again. */
export function useTeamMutation<T>(teamId: string, mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: teamKeys.members(teamId) }),
        queryClient.invalidateQueries({ queryKey: teamKeys.list() }),
      ]),
  });
}
