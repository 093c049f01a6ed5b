// The lip-sync step handed to an engine the field runs (LatentSync, lipsync-2, SadTalker...) through its published API:
// Replicate's predictions (or a Cog server on one's own GPU, which speaks the same protocol), sync.so, or fal's queue.
// Each provider is given the avatar's loop (or photo) and the speech, and writes the talking video it gets back;
// the local renderer (render.ts) stays the default and the fallback.
import { EngineFailure } from '../failure';
import type { LipSyncEngine } from '../../config/providers';

/** A reachable address for a local file while a provider fetches it (`release` when done with it). */
export type MediaLink = { url: string; release: () => Promise<void> };
/** Makes one: a short-lived signed URL of Kagami's own asset route, or the file inlined as a data URI. */
export type MediaLinks = (file: string) => Promise<MediaLink>;

export type LipSyncJob = {
  /** The avatar's loop (H.264 mp4): what a video-to-video model re-mouths. */
  loop: string;
  /** The photo of a photo avatar, for a talking-photo model. */
  photo?: string;
  /** The speech (wav, mp3...), and its length: the talking video must be as long. */
  audio: string;
  durationSeconds: number;
  /** Where the talking video is written. */
  output: string;
  /** The provider's id of this job, submitted by a worker that stopped before it was done: followed, not submitted again. */
  resume?: string;
  /** Told the provider's id of the job as soon as it is submitted, before it is followed (so it can be resumed). */
  submitted?: (providerId: string) => Promise<void>;
};

/** What a provider's render was: its own id for it (for support and billing) and the seconds it billed, when it says. */
export type LipSyncRun = { engine: Exclude<LipSyncEngine, 'local'>; providerId: string; billedSeconds: number | null };

export interface LipSyncProvider {
  readonly engine: Exclude<LipSyncEngine, 'local'>;
  /** Writes the talking video to `job.output`, or throws a LipSyncFailure. */
  render(job: LipSyncJob): Promise<LipSyncRun>;
}

/**
 * A provider's render that did not give a usable video: `reason` is the video's failure reason when there is no
 * fallback (`lipsync_unavailable`: no answer, 5xx or 429 after every retry; `lipsync_failed`: the provider refused
 * the request or failed the job; `lipsync_bad_output`: what came back is not a video of the speech's length).
 */
export class LipSyncFailure extends EngineFailure {
  constructor(reason: string, detail: string, keyRefused = false) {
    super(reason, detail, keyRefused);
  }
}

/**
 * The job is at the provider, which will say when it is done (its signed webhook): no worker waits for it meanwhile.
 * The render is run again then (or after a while, should the webhook not come) and follows the job by its id.
 */
export class LipSyncWaiting extends Error {
  constructor(readonly providerId: string) {
    super(`waiting for the provider's webhook on ${providerId}`);
  }
}
