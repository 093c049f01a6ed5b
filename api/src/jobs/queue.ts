// The durable job queues (pg-boss, on the embedded PGlite or on PostgreSQL): their names and retry options, and how
// many jobs wait or run.
import { PgBoss, fromPglite } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../db/connect';

/** `segment`: a part of a long video, rendered on any worker (domains/studio/jobs/video-part.ts). */
/** `document`: a PDF's pages rendered to pictures (domains/studio/documents.ts). */
export const QUEUES = {
  avatar: 'avatar-process',
  voice: 'voice-process',
  video: 'video-render',
  segment: 'video-segment',
  document: 'document-render',
  /** A batch's rounds: its rows' videos followed, the next rows started (templates/batches.ts). */
  batch: 'batch-advance',
} as const;
/** Webhook deliveries: one job per attempt; the delivery itself schedules the next (webhooks/delivery.ts). */
export const WEBHOOK_QUEUE = 'webhook-deliver';
const WEBHOOK_JOB_OPTIONS = { retryLimit: 2, retryDelay: 5, expireInSeconds: 120 } as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

/** Attempts per job: a worker that dies mid-job is noticed by its missing heartbeat and the job is run again. */
export const JOB_OPTIONS = { retryLimit: 2, retryDelay: 2, expireInSeconds: 3600, heartbeatSeconds: 10 } as const;

/**
 * Durable jobs in the product's own database: pg-boss on the embedded PGlite (in-process), or on
 * PostgreSQL, where any number of API and worker processes share the queues.
 */
export async function startJobQueue(database: DatabaseHandle, log: FastifyBaseLogger): Promise<PgBoss> {
  // Jobs whose heartbeat stopped (a worker gone, or one that could not record its result while the
  // database was away) are looked for every 10 s rather than pg-boss's default minute.
  const supervision = { superviseIntervalSeconds: 10, monitorIntervalSeconds: 10 };
  const boss = database.pglite
    ? new PgBoss({ db: fromPglite(database.pglite), ...supervision })
    : new PgBoss({ connectionString: database.url!, max: 4, ...supervision });
  boss.on('error', (err) => log.error({ err }, 'job queue error'));
  await boss.start();
  for (const name of Object.values(QUEUES)) await boss.createQueue(name, { ...JOB_OPTIONS });
  await boss.createQueue(WEBHOOK_QUEUE, { ...WEBHOOK_JOB_OPTIONS });
  return boss;
}

/** Generation jobs waiting or running, to refuse new work when the queue is over capacity (a batch's rounds are not work). */
export async function pendingJobs(boss: PgBoss): Promise<number> {
  let total = 0;
  for (const name of Object.values(QUEUES).filter((queue) => queue !== QUEUES.batch)) {
    const [stats] = await boss.getQueueStats(name);
    total += (stats?.queuedCount ?? 0) + (stats?.activeCount ?? 0);
  }
  return total;
}
