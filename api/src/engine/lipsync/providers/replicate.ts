// Replicate's predictions API (https://replicate.com/docs/reference/http), and the same protocol on a Cog server of
// one's own (a model packaged with `cog` answers POST /predictions on port 5000; no key, no polling: it answers when
// the prediction is done, with file outputs as data URIs).
import {
  LipSyncFailure,
  LipSyncWaiting,
  type LipSyncJob,
  type LipSyncProvider,
  type LipSyncRun,
  type MediaLinks,
} from '../lipsync-provider';
import { type LipSyncSettings } from '../../../config/providers';
import { pollJob, requestJson, takeOutput, type JobState } from './http';

const REPLICATE_API = 'https://api.replicate.com';
const DEFAULT_MODEL = 'bytedance/latentsync';

type Prediction = {
  id?: string;
  status?: 'starting' | 'processing' | 'succeeded' | 'failed' | 'canceled' | 'aborted';
  output?: unknown;
  error?: unknown;
  metrics?: { predict_time?: number };
};

/**
 * The model's inputs, by the names its published schema gives them: SadTalker animates a photo (`source_image`,
 * `driven_audio`); lipsync-2 re-mouths a video (`video`, `audio`, `sync_mode`); LatentSync and the like take `video`
 * and `audio`.
 */
function inputsFor(model: string, media: { video: string; audio: string; photo?: string }) {
  if (/sadtalker/i.test(model) && media.photo) return { source_image: media.photo, driven_audio: media.audio };
  if (/lipsync-2/i.test(model)) return { video: media.video, audio: media.audio, sync_mode: 'cut_off' };
  return { video: media.video, audio: media.audio };
}

/** A prediction's output: one file URL, or a list whose first entry is the video. */
const outputOf = (output: unknown) => (Array.isArray(output) ? output[0] : output);

const stateOf = (prediction: Prediction): JobState<Prediction> => {
  if (prediction.status === 'succeeded') return { done: true, result: prediction };
  if (prediction.status === 'failed' || prediction.status === 'canceled' || prediction.status === 'aborted') {
    return { done: true, failed: `prediction ${prediction.status}${prediction.error ? `: ${String(prediction.error)}` : ''}` };
  }
  return { done: false };
};

export class ReplicateLipSync implements LipSyncProvider {
  readonly engine = 'replicate' as const;
  private readonly model: string;
  /** A Cog server (no key): POST /predictions, answered when done. */
  private readonly cog: boolean;
  private readonly base: string;

  constructor(
    private readonly settings: LipSyncSettings,
    private readonly links: MediaLinks,
  ) {
    this.model = settings.model ?? DEFAULT_MODEL;
    this.cog = !settings.key;
    this.base = (settings.url ?? REPLICATE_API).replace(/\/$/, '');
  }

  async render(job: LipSyncJob): Promise<LipSyncRun> {
    const wantsPhoto = /sadtalker/i.test(this.model) && job.photo;
    // A resumed prediction has its inputs (only hosted ones are resumed: a Cog server's cannot be looked up).
    const files = job.resume ? [] : [job.loop, job.audio, ...(wantsPhoto ? [job.photo!] : [])];
    const media = await Promise.all(files.map((file) => this.links(file)));
    try {
      const input = inputsFor(this.model, { video: media[0]?.url ?? '', audio: media[1]?.url ?? '', photo: media[2]?.url });
      const prediction = this.cog ? await this.predictOnCog(input) : await this.predictOnReplicate(input, job);
      await takeOutput(this.name, outputOf(prediction.output), job.output, job.durationSeconds, this.settings.http);
      return { engine: this.engine, providerId: prediction.id ?? '', billedSeconds: prediction.metrics?.predict_time ?? null };
    } finally {
      await Promise.all(media.map((link) => link.release()));
    }
  }

  private get name() {
    return this.cog ? 'the Cog server' : 'Replicate';
  }

  /** A Cog server has no way to look a prediction up: a restarted worker submits again (on one's own GPU, at no charge). */
  private async predictOnCog(input: Record<string, unknown>) {
    const http = { ...this.settings.http, requestTimeoutMs: this.settings.http.jobTimeoutMs };
    const prediction = await requestJson<Prediction>(
      this.name,
      `${this.base}/predictions`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ input }) },
      http,
    );
    const state = stateOf(prediction);
    if (state.done && 'result' in state) return state.result;
    throw new LipSyncFailure('lipsync_failed', `${this.name}: ${'failed' in state ? state.failed : `prediction ${prediction.status}`}`);
  }

  /**
   * Created (with the webhook, when there is one) or resumed, then followed: polled until it ends, or, with the
   * webhook, left to it as soon as a look finds it still running (a LipSyncWaiting).
   */
  private async predictOnReplicate(input: Record<string, unknown>, job: LipSyncJob) {
    const headers = { authorization: `Bearer ${this.settings.key}`, 'content-type': 'application/json' };
    const [owner, version] = this.model.split(':');
    const webhook = this.settings.webhook;
    let first: Prediction | null = null;
    let id = job.resume;
    if (!id) {
      first = await requestJson<Prediction>(
        this.name,
        version ? `${this.base}/v1/predictions` : `${this.base}/v1/models/${owner}/predictions`,
        {
          method: 'POST',
          headers,
          body: JSON.stringify({
            ...(version ? { version: this.model } : {}),
            input,
            ...(webhook ? { webhook: webhook.url, webhook_events_filter: ['completed'] } : {}),
          }),
        },
        this.settings.http,
      );
      if (!first.id) throw new LipSyncFailure('lipsync_failed', 'Replicate created a prediction without an id');
      id = first.id;
      await job.submitted?.(id);
    }
    const url = `${this.base}/v1/predictions/${encodeURIComponent(id)}`;
    return pollJob(
      this.name,
      async () => {
        const prediction = first ?? (await requestJson<Prediction>(this.name, url, { headers }, this.settings.http));
        first = null;
        const state = stateOf(prediction);
        if (!state.done && webhook) throw new LipSyncWaiting(id);
        return state;
      },
      this.settings.http,
    );
  }
}
