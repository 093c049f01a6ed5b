// The team's brand kit (GET and PUT /api/teams/{teamId}/brand-kit): its fetcher, type, query and save, for the brand
// kit screen and the editor (new scenes start from it).
import { api, type AppSchema } from '@kagami/shared/api';
import { useMutation, useQuery, useQueryClient } from '@kagami/shared/query';
import type { BrandKitForm } from '@kagami/shared/validation';
import { studioKeys } from './keys';
import { useTeamId } from './queries';

export type BrandKit = AppSchema<'BrandKit'>;

const kitPath = (teamId: string) => `/api/teams/${teamId}/brand-kit`;

export const brandKitApi = {
  get: (teamId: string) => api.get<BrandKit>(kitPath(teamId)),
  /** The whole kit: what it leaves out is cleared. */
  save: (teamId: string, kit: BrandKitForm) => api.put<BrandKit>(kitPath(teamId), kit),
};

export function useBrandKit() {
  const teamId = useTeamId();
  return useQuery({ queryKey: studioKeys.brandKit(teamId), queryFn: () => brandKitApi.get(teamId), enabled: Boolean(teamId) });
}

/** Saves the kit; the saved kit is what every screen then reads. */
export function useSaveBrandKit() {
  const teamId = useTeamId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (kit: BrandKitForm) => brandKitApi.save(teamId, kit),
    onSuccess: (saved) => queryClient.setQueryData(studioKeys.brandKit(teamId), saved),
  });
}
