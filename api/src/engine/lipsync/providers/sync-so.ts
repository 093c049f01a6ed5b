// sync.so's generate API (https://docs.sync.so/api-reference): POST /v2/generate with the video and audio by URL,
// then GET /v2/generate/{id} until COMPLETED (outputUrl) or FAILED / REJECTED / CANCELED / TIMED_OUT.
import { LipSyncFailure, type LipSyncJob, type LipSyncProvider, type LipSyncRun, type MediaLinks } from '../lipsync-provider';
import { type LipSyncSettings } from '../../../config/providers';
import { pollJob, requestJson, takeOutput, type JobState } from './http';

const SYNC_API = 'https://api.sync.so';
const DEFAULT_MODEL = 'lipsync-2';
const FAILED = ['FAILED', 'REJECTED', 'CANCELED', 'TIMED_OUT'];

type Generation = {
  id?: string;
  status?: string;
  outputUrl?: string | null;
  outputMediaUrl?: string | null;
  outputDuration?: number | null;
  error?: string | null;
};

const stateOf = (generation: Generation): JobState<Generation> => {
  if (generation.status === 'COMPLETED') return { done: true, result: generation };
  if (FAILED.includes(generation.status ?? '')) {
    return { done: true, failed: `generation ${generation.status}${generation.error ? `: ${generation.error}` : ''}` };
  }
  return { done: false };
};

export class SyncLipSync implements LipSyncProvider {
  readonly engine = 'sync' as const;
  private readonly base: string;

  constructor(
    private readonly settings: LipSyncSettings,
    private readonly links: MediaLinks,
  ) {
    this.base = (settings.url ?? SYNC_API).replace(/\/$/, '');
  }

  async render(job: LipSyncJob): Promise<LipSyncRun> {
    const headers = { 'x-api-key': this.settings.key ?? '', 'content-type': 'application/json' };
    // A resumed job has its inputs.
    const media = await Promise.all((job.resume ? [] : [job.loop, job.audio]).map((file) => this.links(file)));
    const [video, audio] = media;
    try {
      const id = job.resume ?? (await this.submit(headers, video!.url, audio!.url, job));
      const url = `${this.base}/v2/generate/${encodeURIComponent(id)}`;
      const done = await pollJob(
        'sync.so',
        async () => stateOf(await requestJson<Generation>('sync.so', url, { headers }, this.settings.http)),
        this.settings.http,
      );
      await takeOutput('sync.so', done.outputUrl ?? done.outputMediaUrl, job.output, job.durationSeconds, this.settings.http);
      return { engine: this.engine, providerId: id, billedSeconds: done.outputDuration ?? null };
    } finally {
      await Promise.all(media.map((link) => link.release()));
    }
  }

  private async submit(headers: Record<string, string>, video: string, audio: string, job: LipSyncJob) {
    const created = await requestJson<Generation>(
      'sync.so',
      `${this.base}/v2/generate`,
      {
        method: 'POST',
        headers,
        body: JSON.stringify({
          model: this.settings.model ?? DEFAULT_MODEL,
          input: [
            { type: 'video', url: video },
            { type: 'audio', url: audio },
          ],
          // The video is already as long as the speech.
          options: { sync_mode: 'cut_off' },
        }),
      },
      this.settings.http,
    );
    if (!created.id) throw new LipSyncFailure('lipsync_failed', 'sync.so created a generation without an id');
    await job.submitted?.(created.id);
    return created.id;
  }
}
