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
import { mouthOpening } from '../face/articulation';
import { LIPS, pointOf } from '../face/topology';
import type { Articulation, Mesh } from '../face/types';
import type { MouthPose } from './face-geometry';

/** Where the mouth is in each frame the avatar's loop plays, in the loop's pixels. */
type MouthGeometry = { fps: number; width: number; height: number; poses: MouthPose[] };
/** How open (0 closed .. 1 wide) and how rounded (0 .. 1) the mouth is in each frame of the video. */
type MouthShape = { open: number; round: number };

/** The mouth's pose in each mesh: the middle of the inner lips, the outer corners' distance and slope. */
export function mouthGeometryOf(meshes: Mesh[], size: { fps: number; width: number; height: number }): MouthGeometry {
  const poses = meshes.map((mesh) => {
    const inner = [...LIPS.innerUpper, ...LIPS.innerLower].map((index) => pointOf(mesh, index));
    const left = pointOf(mesh, LIPS.corners[0]);
    const right = pointOf(mesh, LIPS.corners[1]);
    return {
      cx: inner.reduce((sum, p) => sum + p.x, 0) / inner.length,
      cy: inner.reduce((sum, p) => sum + p.y, 0) / inner.length,
      width: Math.hypot(right.x - left.x, right.y - left.y),
      angle: Math.atan2(right.y - left.y, right.x - left.x),
    };
  });
  return { ...size, poses };
}

/** The two numbers of the protocol's mouth shapes, from what the local engine would draw. */
export const mouthShapesOf = (articulation: Articulation[]): MouthShape[] =>
  articulation.map((a) => ({ open: mouthOpening(a), round: a.round }));

type LipSyncInput = { loop: string; geometry: MouthGeometry; audio: string; shapes: MouthShape[] };

type RemoteLipSyncOptions = { url: string; timeoutMs: number; retries: number };

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
  async render(input: LipSyncInput, output: string) {
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

  private async attempt(input: LipSyncInput, output: string) {
    const form = new FormData();
    form.append('video', await openAsBlob(input.loop, { type: 'video/mp4' }), 'loop.mp4');
    const round = (value: number, places: number) => Math.round(value * 10 ** places) / 10 ** places;
    const poses = input.geometry.poses.map((p) => [round(p.cx, 2), round(p.cy, 2), round(p.width, 2), round(p.angle, 4)]);
    form.append('geometry', new Blob([JSON.stringify({ ...input.geometry, poses })], { type: 'application/json' }), 'geometry.json');
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
