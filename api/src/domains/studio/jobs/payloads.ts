// What each generation job carries, checked when a worker takes it: a job whose data is not what its queue carries is
// logged and dropped (it names no item that could be marked failed).
import * as v from 'valibot';
import { QUEUES } from '../../../jobs/queue';

const id = v.pipe(v.string(), v.uuid());
const frame = v.pipe(v.number(), v.integer(), v.minValue(0));

export const JOB_PAYLOADS = {
  [QUEUES.avatar]: v.object({ avatarId: id }),
  [QUEUES.voice]: v.object({ voiceId: id }),
  [QUEUES.video]: v.object({ videoId: id }),
  [QUEUES.segment]: v.object({ videoId: id, index: frame, from: frame, to: frame }),
  // A document's id is its upload's (tus's own ids).
  [QUEUES.document]: v.object({ documentId: v.pipe(v.string(), v.regex(/^[\w-]{1,64}$/)) }),
  [QUEUES.batch]: v.object({ batchId: id }),
};

export type JobPayload<Q extends keyof typeof JOB_PAYLOADS> = v.InferOutput<(typeof JOB_PAYLOADS)[Q]>;
