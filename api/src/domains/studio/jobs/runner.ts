// Runs the generation jobs (avatar, voice, video and its parts, a document's pages) and the webhook deliveries. Each job's data is checked
// against its queue's payload; an engine failure ends the job with its reason; any other error is retried by pg-boss,
// and only the last attempt marks the item failed.
import type { FastifyBaseLogger } from 'fastify';
import type { JobWithMetadata } from 'pg-boss';
import * as v from 'valibot';
import type { AppContext } from '../../app-context';
import { avatars, videos, voices } from '../../../db/schema';
import { EngineFailure } from '../../../engine';
import { QUEUES } from '../../../jobs/queue';
import { startWebhookWorker } from '../../webhooks/delivery';
import { emitItemEvent, type ItemKind } from '../../webhooks/item-events';
import { removeSegmentFiles } from '../service';
import { avatarJob } from './avatar';
import { markFailed, notify, type Table } from './outcomes';
import { JOB_PAYLOADS, type JobPayload } from './payloads';
import { videoJob } from './video';
import { videoPartJob } from './video-part';
import { voiceJob } from './voice';
import { documentFailed, documentJob } from '../documents';
import { advanceBatch, batchRoundFailed } from '../../templates/batches';

type Queue = keyof typeof JOB_PAYLOADS;
type Handler<Q extends Queue> = {
  queue: Q;
  /** What the job makes, as the log names it (`videoId`). */
  kind: ItemKind | 'document' | 'batch';
  idOf: (payload: JobPayload<Q>) => string;
  run: (ctx: AppContext, payload: JobPayload<Q>) => Promise<void>;
  /** The item marked failed, with its reason, when the job fails for good. */
  failed: (ctx: AppContext, id: string, reason: string) => Promise<void>;
};
const handler = <Q extends Queue>(h: Handler<Q>) => h as unknown as Handler<Queue>;

/** An avatar, voice or video that failed: its quota given back, its failure announced to webhooks and (but a voice's) by mail. */
const itemFailed = (table: Table, kind: ItemKind) => async (ctx: AppContext, id: string, reason: string) => {
  const row = await markFailed(ctx, table, id, reason);
  if (!row) return;
  if ('segments' in row) await removeSegmentFiles(ctx, row);
  await emitItemEvent(ctx, kind, id, 'failed');
  if (kind !== 'voice') await notify(ctx, row.createdBy, kind, row.name, false, reason);
};

const HANDLERS = [
  handler({ queue: QUEUES.avatar, kind: 'avatar', idOf: (p) => p.avatarId, run: avatarJob, failed: itemFailed(avatars, 'avatar') }),
  handler({ queue: QUEUES.voice, kind: 'voice', idOf: (p) => p.voiceId, run: voiceJob, failed: itemFailed(voices, 'voice') }),
  handler({ queue: QUEUES.video, kind: 'video', idOf: (p) => p.videoId, run: videoJob, failed: itemFailed(videos, 'video') }),
  // A part that cannot be made fails its video.
  handler({ queue: QUEUES.segment, kind: 'video', idOf: (p) => p.videoId, run: videoPartJob, failed: itemFailed(videos, 'video') }),
  // A document costs nothing and announces nothing: it only says it failed.
  handler({ queue: QUEUES.document, kind: 'document', idOf: (p) => p.documentId, run: documentJob, failed: documentFailed }),
  // A batch whose round failed for good has its next round later: it is never left without one while rows remain.
  handler({ queue: QUEUES.batch, kind: 'batch', idOf: (p) => p.batchId, run: advanceBatch, failed: batchRoundFailed }),
];

export async function startWorkers(ctx: AppContext, log: FastifyBaseLogger) {
  for (const { queue, kind, idOf, run, failed } of HANDLERS) {
    await ctx.jobs.work(
      queue,
      {
        includeMetadata: true,
        pollingIntervalSeconds: 0.5,
        batchSize: 1,
        localConcurrency: queue === QUEUES.segment ? ctx.config.renderPartWorkers : 1,
      },
      async ([job]: JobWithMetadata<unknown>[]) => {
        const payload = v.safeParse(JOB_PAYLOADS[queue], job!.data);
        if (!payload.success) {
          log.error(
            { job: job!.id, data: job!.data, issues: v.flatten(payload.issues).nested },
            `${queue} job dropped: its data is not a ${queue} job's`,
          );
          return;
        }
        const id = idOf(payload.output);
        const started = Date.now();
        const key = `${kind}Id`;
        log.info({ job: job!.id, [key]: id }, `${queue} started for ${id}`);
        try {
          await run(ctx, payload.output);
          log.info({ job: job!.id, [key]: id }, `${queue} finished for ${id} in ${Date.now() - started} ms`);
        } catch (error) {
          const lastAttempt = job!.retryCount >= job!.retryLimit;
          if (!(error instanceof EngineFailure) && !lastAttempt) {
            log.warn({ err: error, job: job!.id }, `${queue} failed; it will be retried`);
            throw error;
          }
          const reason = error instanceof EngineFailure ? error.reason : 'processing_failed';
          if (!(error instanceof EngineFailure)) log.error({ err: error, job: job!.id }, `${queue} failed for good`);
          else if (error.keyRefused) log.error({ job: job!.id, reason }, `a provider refused Kagami's key (not retried): ${error.message}`);
          else if (error.message !== reason) log.warn({ job: job!.id, reason }, `${queue} failed: ${error.message}`);
          await failed(ctx, id, reason);
        }
      },
    );
  }
  await startWebhookWorker(ctx, log);
}
