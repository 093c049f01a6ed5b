// fal's queue (https://docs.fal.ai/model-endpoints/queue): POST https://queue.fal.run/{model} with the model's input,
// then the returned status_url until COMPLETED, and the result from response_url (`{ video: { url } }`).
import { LipSyncFailure, type LipSyncJob, type LipSyncProvider, type LipSyncRun, type MediaLinks } from '../lipsync-provider';
import { type LipSyncSettings } from '../../../config/providers';
import { pollJob, requestJson, takeOutput } from './http';

const FAL_QUEUE = 'https://queue.fal.run';
const DEFAULT_MODEL = 'fal-ai/latentsync';

type Queued = { request_id?: string; status_url?: string; response_url?: string };
type Status = { status?: 'IN_QUEUE' | 'IN_PROGRESS' | 'COMPLETED' | string; error?: unknown };
type Result = { video?: { url?: string } };

export class FalLipSync implements LipSyncProvider {
  readonly engine = 'fal' as const;
  private readonly base: string;
  private readonly model: string;

  constructor(
    private readonly settings: LipSyncSettings,
    private readonly links: MediaLinks,
  ) {
    this.base = (settings.url ?? FAL_QUEUE).replace(/\/$/, '');
    this.model = settings.model ?? DEFAULT_MODEL;
  }

  async render(job: LipSyncJob): Promise<LipSyncRun> {
    const headers = { authorization: `Key ${this.settings.key ?? ''}`, 'content-type': 'application/json' };
    // A resumed job has its inputs.
    const media = await Promise.all((job.resume ? [] : [job.loop, job.audio]).map((file) => this.links(file)));
    const [video, audio] = media;
    try {
      const input = { video_url: video?.url, audio_url: audio?.url, ...(/sync-lipsync/.test(this.model) ? { sync_mode: 'cut_off' } : {}) };
      const queued: Queued = job.resume
        ? { request_id: job.resume }
        : await requestJson<Queued>(
            'fal',
            `${this.base}/${this.model}`,
            { method: 'POST', headers, body: JSON.stringify(input) },
            this.settings.http,
          );
      if (!queued.request_id) throw new LipSyncFailure('lipsync_failed', 'fal queued a request without an id');
      if (!job.resume) await job.submitted?.(queued.request_id);
      // The status and result live at the app's root, not a sub-path model's: the addresses fal returns are the ones
      // to use, built the same way for a resumed request.
      const id = queued.request_id;
      const root = `${this.base}/${this.model.split('/').slice(0, 2).join('/')}/requests/${encodeURIComponent(id)}`;
      const statusUrl = queued.status_url ?? `${root}/status`;
      const responseUrl = queued.response_url ?? root;
      await pollJob(
        'fal',
        async () => {
          const status = await requestJson<Status>('fal', statusUrl, { headers }, this.settings.http);
          if (status.status === 'COMPLETED') return { done: true, result: status };
          if (status.status === 'IN_QUEUE' || status.status === 'IN_PROGRESS') return { done: false };
          return { done: true, failed: `request ${status.status}${status.error ? `: ${String(status.error)}` : ''}` };
        },
        this.settings.http,
      );
      const result = await requestJson<Result>('fal', responseUrl, { headers }, this.settings.http);
      await takeOutput('fal', result.video?.url, job.output, job.durationSeconds, this.settings.http);
      return { engine: this.engine, providerId: id, billedSeconds: job.durationSeconds };
    } finally {
      await Promise.all(media.map((link) => link.release()));
    }
  }
}
