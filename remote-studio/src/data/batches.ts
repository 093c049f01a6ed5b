// Batches: many videos of one template (POST /api/teams/{teamId}/templates/{id}/batches, checked first with
// `dry_run`), listed, followed, cancelled, retried and downloaded as CSV (…/batches, …/batches/{id}/…).
import { api, type AppSchema } from '@kagami/shared/api';
import { useMutation, useQuery, useQueryClient } from '@kagami/shared/query';
import { useSessionActions } from '@kagami/shared/session';
import { studioKeys } from './keys';
import { useTeamId } from './queries';

export type Batch = AppSchema<'Batch'>;
export type BatchSummary = AppSchema<'BatchSummary'>;
export type BatchCheck = AppSchema<'BatchCheck'>;
export type BatchProblem = BatchCheck['problems'][number];
export type BatchStatus = Batch['status'];
export type BatchRowStatus = Batch['rows'][number]['status'];

/**
 * One row of a batch: its values by variable name as written (`first_name`, sent as is), and the video's own
 * columns (camelCase here, snake_case on the wire like every request key).
 */
export type BatchRowInput = { variables: Record<string, string>; title?: string; avatarId?: string; voiceId?: string; callbackUrl?: string };

/** How often a batch in progress is asked for again. */
const BATCH_POLL_MS = 2000;

const team = (teamId: string) => `/api/teams/${teamId}`;

export const batchesApi = {
  /** Only checks the rows: every problem by row and column, the seconds they take against those left. Nothing starts. */
  check: (teamId: string, templateId: string, rows: BatchRowInput[]) =>
    api.post<BatchCheck>(`${team(teamId)}/templates/${templateId}/batches`, { rows, dryRun: true }),
  /** Starts the batch, or refuses it whole (422 `batch_rows_invalid`, its `rows` naming each problem). */
  start: (teamId: string, templateId: string, rows: BatchRowInput[]) =>
    api.post<Batch>(`${team(teamId)}/templates/${templateId}/batches`, { rows }),
  list: (teamId: string) => api.get<{ data: BatchSummary[] }>(`${team(teamId)}/batches`).then((answer) => answer.data),
  get: (teamId: string, id: string) => api.get<Batch>(`${team(teamId)}/batches/${id}`),
  cancel: (teamId: string, id: string) => api.post<Batch>(`${team(teamId)}/batches/${id}/cancel`),
  retry: (teamId: string, id: string) => api.post<Batch>(`${team(teamId)}/batches/${id}/retry`),
  /** The results as CSV, each ready video with a public share link. */
  results: (teamId: string, id: string) => api.blob('GET', `${team(teamId)}/batches/${id}/results.csv?share=true`),
};

/** The problems a refusal of a batch names (422 `batch_rows_invalid`), or none. */
export const refusedRows = (error: unknown): BatchProblem[] => {
  const rows = (error as { body?: { rows?: unknown } } | null)?.body?.rows;
  return Array.isArray(rows) ? (rows as BatchProblem[]) : [];
};

export function useBatches() {
  const teamId = useTeamId();
  return useQuery({
    queryKey: studioKeys.batchList(teamId),
    queryFn: () => batchesApi.list(teamId),
    enabled: Boolean(teamId),
    refetchInterval: (query) => (query.state.data?.some((batch) => batch.status === 'in_progress') ? BATCH_POLL_MS * 3 : false),
  });
}

/** A batch with its rows, asked again while it is in progress. */
export function useBatch(id: string) {
  const teamId = useTeamId();
  return useQuery({
    queryKey: studioKeys.batch(teamId, id),
    queryFn: () => batchesApi.get(teamId, id),
    enabled: Boolean(teamId && id),
    refetchInterval: (query) => (query.state.data?.status === 'in_progress' ? BATCH_POLL_MS : false),
  });
}

export function useCheckBatch(templateId: string) {
  const teamId = useTeamId();
  return useMutation({ mutationFn: (rows: BatchRowInput[]) => batchesApi.check(teamId, templateId, rows) });
}

export function useStartBatch(templateId: string) {
  const teamId = useTeamId();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rows: BatchRowInput[]) => batchesApi.start(teamId, templateId, rows),
    onSuccess: (batch) => {
      queryClient.setQueryData(studioKeys.batch(teamId, batch.id), batch);
      return queryClient.invalidateQueries({ queryKey: studioKeys.batchList(teamId) });
    },
  });
}

/** Cancels the batch or retries its failed rows: the answer is the batch as it is now. */
export function useBatchAction(id: string, action: 'cancel' | 'retry') {
  const teamId = useTeamId();
  const queryClient = useQueryClient();
  const session = useSessionActions();
  return useMutation({
    mutationFn: () => batchesApi[action](teamId, id),
    onSuccess: (batch) => {
      void session.refreshQuota();
      queryClient.setQueryData(studioKeys.batch(teamId, id), batch);
      return queryClient.invalidateQueries({ queryKey: studioKeys.batchList(teamId) });
    },
  });
}
