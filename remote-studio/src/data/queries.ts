import { useEffect, useState } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@kagami/shared/query';
import { useAtomValue } from 'jotai';
import { clampPage, pageCount } from '@kagami/shared/ui-widgets';
import { profileAtom, useSessionActions } from '@kagami/shared/session';
import { studioKeys } from './keys';
import { PAGE_SIZE, studioApi, type VideoDraftInput } from './studio-api';
import type { Avatar, ItemKind, Page, Video, Voice } from './types';

export type ItemOf = { avatar: Avatar; voice: Voice; video: Video };

/** The team every studio screen works in: the user's current team (the route guard makes sure there is one). */
export const useTeamId = () => useAtomValue(profileAtom)?.currentTeam?.id ?? '';

/** While something is in progress the list is also polled, in case the live events are cut off. */
const SAFETY_POLL_MS = 15_000;
const pollWhileRunning = (data: { status: string }[] | undefined) =>
  data?.some((item) => item.status === 'in_progress') ? SAFETY_POLL_MS : false;

const listCalls = { avatar: studioApi.avatars, voice: studioApi.voices, video: studioApi.videos };
const itemCalls = { avatar: studioApi.avatar, voice: studioApi.voice, video: studioApi.video };

export function useStudioList<K extends ItemKind>(kind: K, page: number) {
  const teamId = useTeamId();
  return useQuery({
    queryKey: studioKeys.list(teamId, kind, page),
    queryFn: () => listCalls[kind](teamId, page) as Promise<Page<ItemOf[K]>>,
    enabled: Boolean(teamId),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => pollWhileRunning(query.state.data?.items),
  });
}

/** A list a page at a time; when the last item of a page goes, the page moves back to the last one left. */
export function usePagedList<K extends ItemKind>(kind: K) {
  const [page, setPage] = useState(1);
  const list = useStudioList(kind, page);
  const total = list.data?.total;
  useEffect(() => {
    if (total !== undefined) setPage((current) => clampPage(current, pageCount(total, PAGE_SIZE)));
  }, [total]);
  return { page, setPage, list };
}

export function useStudioItem<K extends ItemKind>(kind: K, id: string | null | undefined) {
  const teamId = useTeamId();
  return useQuery({
    queryKey: studioKeys.item(teamId, kind, id ?? ''),
    queryFn: () => itemCalls[kind](teamId, id!) as Promise<ItemOf[K]>,
    enabled: Boolean(teamId && id),
    refetchInterval: (query) => pollWhileRunning(query.state.data ? [query.state.data] : undefined),
  });
}

/** A change to items of one kind; afterwards every list and item of that kind is fetched again. */
export function useStudioMutation<T, R>(kinds: ItemKind[], mutationFn: (teamId: string, input: T) => Promise<R>) {
  const teamId = useTeamId();
  const queryClient = useQueryClient();
  const session = useSessionActions();
  return useMutation({
    mutationFn: (input: T) => mutationFn(teamId, input),
    onSuccess: () => {
      void session.refreshQuota();
      return Promise.all(kinds.map((kind) => queryClient.invalidateQueries({ queryKey: studioKeys.kind(teamId, kind) })));
    },
  });
}

/** The team's library of video backgrounds. */
export function useBackgrounds() {
  const teamId = useTeamId();
  return useQuery({ queryKey: studioKeys.backgrounds(teamId), queryFn: () => studioApi.backgrounds(teamId), enabled: Boolean(teamId) });
}

/** The built-in voices, fetched once per session (they change only with a new release of the API). */
export const useVoiceLibrary = () =>
  useQuery({ queryKey: studioKeys.voiceLibrary, queryFn: studioApi.voiceLibrary, staleTime: Infinity });

/** The team's video drafts, last saved first (the Video List shows them to resume). */
export function useVideoDrafts() {
  const teamId = useTeamId();
  return useQuery({ queryKey: studioKeys.videoDraftList(teamId), queryFn: () => studioApi.videoDrafts(teamId), enabled: Boolean(teamId) });
}

/** A draft with the editor's state, to resume it. */
export function useVideoDraft(id: string | null | undefined) {
  const teamId = useTeamId();
  return useQuery({
    queryKey: studioKeys.videoDraft(teamId, id ?? ''),
    queryFn: () => studioApi.videoDraft(teamId, id!),
    enabled: Boolean(teamId && id),
  });
}

/**
 * Saves the editor's state: as a new draft without an `id`, else over that draft. The saved draft is kept as the open
 * one without fetching it again (the editor holds newer state by then); the list is fetched again.
 */
export function useSaveVideoDraft() {
  const teamId = useTeamId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: VideoDraftInput & { id?: string }) =>
      id ? studioApi.saveVideoDraft(teamId, id, input) : studioApi.createVideoDraft(teamId, input),
    onSuccess: (draft) => {
      queryClient.setQueryData(studioKeys.videoDraft(teamId, draft.id), draft);
      return queryClient.invalidateQueries({ queryKey: studioKeys.videoDraftList(teamId) });
    },
  });
}

/** Discards a draft; the list is fetched again. */
export function useDeleteVideoDraft() {
  const teamId = useTeamId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => studioApi.deleteVideoDraft(teamId, id),
    onSuccess: (_answer, id) => {
      queryClient.removeQueries({ queryKey: studioKeys.videoDraft(teamId, id) });
      return queryClient.invalidateQueries({ queryKey: studioKeys.videoDraftList(teamId) });
    },
  });
}
