// The lip-sync step handed to a service (a MuseTalk or LatentSync server on a GPU machine, say): it
// gets the avatar's loop, where the mouth is in each of its frames, the speech and the mouth shapes
// the local engine would draw, and streams back the talking video. Protocol: the API's README.
import { createWriteStream, openAsBlob } from 'node:fs';
import { rm } from 'node:fs/promises';
import { extname } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream } from 'node:stream/web';
import { probeMedia } from '../../media/probe';
import { EngineFailure, VIDEO_FPS } from '../generation-engine';
import type { MouthShape } from './mouth-track';
import { loopPoses, type MouthTrack } from './track-mouth';

export type RemoteLipSyncOptions = { url: string; timeoutMs: number; retries: number };

const AUDIO_TYPES: Record<string, string> = { '.wav': 'audio/wav', '.mp3': 'audio/mpeg', '.m4a': 'audio/mp4', '.aac': 'audio/aac' };
/** Answers worth another try: the service is busy or broke for a moment. */
const RETRYABLE = (status: number) => status >= 500 || status === 408 || status === 429;
const MAX_BACKOFF_MS = 30_000;

class Retryable extends Error {
  constructor(
    message: string,
    readonly retryAfterMs?: number,
  ) {
    super(message);
  }
}

export class RemoteLipSync {
  constructor(
    private readonly options: RemoteLipSyncOptions,
    private readonly backoffMs = 1000,
  ) {}

  /** Writes the talking video to `output`; an EngineFailure (`lipsync_unavailable`, `lipsync_failed`) when it cannot. */
  async render(input: { loop: string; track: MouthTrack; audio: string; shapes: MouthShape[] }, output: string) {
    let lastError: Error | null = null;
    for (let attempt = 0; attempt <= this.options.retries; attempt += 1) {
      if (attempt > 0) {
        const wait =
          lastError instanceof Retryable && lastError.retryAfterMs !== undefined
            ? lastError.retryAfterMs
            : this.backoffMs * 2 ** (attempt - 1);
        await new Promise((resolve) => setTimeout(resolve, Math.min(wait, MAX_BACKOFF_MS)));
      }
      try {
        await this.attempt(input, output);
        return;
      } catch (error) {
        await rm(output, { force: true });
        if (error instanceof EngineFailure) throw error;
        lastError = error as Error;
      }
    }
    throw new EngineFailure('lipsync_unavailable', `lip-sync service: ${lastError?.message}`);
  }

  private async attempt(input: { loop: string; track: MouthTrack; audio: string; shapes: MouthShape[] }, output: string) {
    const form = new FormData();
    form.append('video', await openAsBlob(input.loop, { type: 'video/mp4' }), 'loop.mp4');
    const poses = loopPoses(input.track).map((p) => [p.cx, p.cy, p.width, p.angle]);
    form.append('geometry', new Blob([JSON.stringify({ ...input.track, poses })], { type: 'application/json' }), 'geometry.json');
    const audioType = AUDIO_TYPES[extname(input.audio).toLowerCase()] ?? 'application/octet-stream';
    form.append('audio', await openAsBlob(input.audio, { type: audioType }), `audio${extname(input.audio)}`);
    const shapes = input.shapes.map((s) => [Math.round(s.open * 1000) / 1000, Math.round(s.round * 1000) / 1000]);
    form.append('mouth', new Blob([JSON.stringify({ fps: VIDEO_FPS, shapes })], { type: 'application/json' }), 'mouth.json');

    let response: Response;
    const signal = AbortSignal.timeout(this.options.timeoutMs);
    try {
      response = await fetch(`${this.options.url.replace(/\/$/, '')}/v1/lipsync`, {
        method: 'POST',
        body: form,
        headers: { accept: 'video/mp4' },
        signal,
      });
    } catch (error) {
      throw new Retryable(signal.aborted ? `no answer within ${this.options.timeoutMs} ms` : (error as Error).message);
    }
    if (!response.ok) {
      const detail = (await response.text().catch(() => '')).slice(0, 300);
      const message = `answered ${response.status}${detail ? `: ${detail}` : ''}`;
      if (!RETRYABLE(response.status)) throw new EngineFailure('lipsync_failed', `lip-sync service ${message}`);
      const retryAfter = Number(response.headers.get('retry-after'));
      throw new Retryable(message, Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter * 1000 : undefined);
    }
    try {
      await pipeline(Readable.fromWeb(response.body as ReadableStream), createWriteStream(output));
    } catch (error) {
      throw new Retryable(signal.aborted ? `the video did not arrive within ${this.options.timeoutMs} ms` : (error as Error).message);
    }
    const probe = await probeMedia(output);
    if (!probe?.video) throw new EngineFailure('lipsync_failed', 'lip-sync service answered with something that is not a video');
  }
}
