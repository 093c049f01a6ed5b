import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@kagami/shared/query';
import { api, camelKeys } from '@kagami/shared/api';
import { studioKeys } from './keys';
import { useTeamId } from './queries';
import type { Avatar, Page, ProgressEvent, StatusEvent } from './types';

const RECONNECT_MS = 3_000;

/** Splits a server-sent event stream into its events (`event:` name and JSON `data:`). */
export function parseEvents(buffer: string): { events: { name: string; data: unknown }[]; rest: string } {
  const blocks = buffer.split('\n\n');
  const rest = blocks.pop() ?? '';
  const events = blocks.flatMap((block) => {
    let name = 'message';
    let data = '';
    for (const line of block.split('\n')) {
      if (line.startsWith('event:')) name = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
    }
    try {
      return data ? [{ name, data: JSON.parse(data) as unknown }] : [];
    } catch {
      return [];
    }
  });
  return { events, rest };
}

/** Puts an avatar's new stage and progress into the loaded item and lists, with no request. */
function applyProgress(queryClient: QueryClient, teamId: string, { id, stage, progress }: ProgressEvent) {
  const update = (avatar: Avatar) => (avatar.id === id && avatar.status === 'in_progress' ? { ...avatar, stage, progress } : avatar);
  queryClient.setQueryData<Avatar>(studioKeys.item(teamId, 'avatar', id), (avatar) => avatar && update(avatar));
  queryClient.setQueriesData<Page<Avatar>>({ queryKey: [...studioKeys.kind(teamId, 'avatar'), 'list'] }, (page) =>
    page ? { ...page, items: page.items.map(update) } : page,
  );
}

/**
 * Follows the team's status events while the screen is shown (GET /api/teams/{teamId}/events, read with
 * fetch because it needs the Bearer header): each change refreshes that kind's lists and items, and an
 * avatar's progress is written into them. A dropped stream reconnects after 3 s; one the server ends
 * (`end`: the session ended or the user left the team) does not. Screens call it once, so one stream
 * serves everything they show.
 */
export function useStudioEvents() {
  const teamId = useTeamId();
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!teamId) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    let ended = false;
    const connect = async () => {
      try {
        const response = await api.open(`/api/teams/${teamId}/events`, controller.signal);
        const reader = response.body!.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          const parsed = parseEvents(buffer + decoder.decode(value, { stream: true }));
          buffer = parsed.rest;
          for (const event of parsed.events) {
            if (event.name === 'end') ended = true;
            if (event.name === 'progress') applyProgress(queryClient, teamId, camelKeys(event.data) as ProgressEvent);
            if (event.name !== 'status') continue;
            const status = camelKeys(event.data) as StatusEvent;
            // A load already under way may have started before the change: cancel it, then load again.
            const queryKey = studioKeys.kind(teamId, status.kind);
            void queryClient.cancelQueries({ queryKey }).then(() => queryClient.invalidateQueries({ queryKey }));
          }
        }
      } catch {
        // Reconnect below; an expired session has already been handled by the API client.
      }
      if (!controller.signal.aborted && !ended) timer = setTimeout(() => void connect(), RECONNECT_MS);
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [teamId, queryClient]);
}
