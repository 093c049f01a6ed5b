// Where the mouth is in every frame of an avatar's clip: landmarks on every STEP-th frame (the detector
// sees a 640x480 letterbox), mapped back to the clip's pixels and filled in between (Catmull-Rom), so a
// render can warp each frame without running the detector.
import { spawn } from 'node:child_process';
import { facesWithLandmarks, FRAME_HEIGHT, FRAME_WIDTH, type Point } from '../local/face-detector';
import { ffmpegPath } from '../../media/tools';
import { mouthPoseOf } from './face-geometry';
import type { MouthPose } from './mouth-warp';

export const TRACK_STEP = 5;
const FRAME_BYTES = FRAME_WIDTH * FRAME_HEIGHT * 3;

/** Every STEP-th frame of the clip, letterboxed to the detector's size, as RGB, in order. */
async function* sampledFrames(clip: string): AsyncGenerator<Uint8Array> {
  const child = spawn(
    ffmpegPath,
    [
      '-hide_banner',
      '-loglevel',
      'error',
      '-i',
      clip,
      '-vf',
      `select='not(mod(n\\,${TRACK_STEP}))',scale=${FRAME_WIDTH}:${FRAME_HEIGHT}:force_original_aspect_ratio=decrease,pad=${FRAME_WIDTH}:${FRAME_HEIGHT}:(ow-iw)/2:(oh-ih)/2`,
      '-vsync',
      '0',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'rgb24',
      'pipe:1',
    ],
    { stdio: ['ignore', 'pipe', 'ignore'] },
  );
  let pending = Buffer.alloc(0);
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    pending = Buffer.concat([pending, chunk]);
    while (pending.length >= FRAME_BYTES) {
      yield new Uint8Array(pending.subarray(0, FRAME_BYTES));
      pending = pending.subarray(FRAME_BYTES);
    }
  }
}

/** The letterbox the detector saw, to map its points back to the clip's pixels. */
const unletterbox = (width: number, height: number) => {
  const scale = Math.min(FRAME_WIDTH / width, FRAME_HEIGHT / height);
  const dx = (FRAME_WIDTH - width * scale) / 2;
  const dy = (FRAME_HEIGHT - height * scale) / 2;
  return (point: Point): Point => ({ x: (point.x - dx) / scale, y: (point.y - dy) / scale });
};

const catmullRom = (p0: number, p1: number, p2: number, p3: number, t: number) =>
  0.5 * (2 * p1 + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t * t + (-p0 + 3 * p1 - 3 * p2 + p3) * t * t * t);

/** One pose per frame from poses at every STEP-th frame (missing samples take their nearest neighbour's). */
export function interpolatePoses(samples: (MouthPose | null)[], frames: number): MouthPose[] | null {
  const known = samples.map((pose, index) => (pose ? index : -1)).filter((index) => index >= 0);
  if (known.length === 0) return null;
  const filled = samples.map(
    (pose, index) => pose ?? samples[known.reduce((a, b) => (Math.abs(b - index) < Math.abs(a - index) ? b : a))]!,
  );
  const at = (index: number) => filled[Math.max(0, Math.min(filled.length - 1, index))]!;
  return Array.from({ length: frames }, (_, frame) => {
    const i = Math.floor(frame / TRACK_STEP);
    const t = (frame % TRACK_STEP) / TRACK_STEP;
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const value = (key: keyof MouthPose) => catmullRom(p0[key], p1[key], p2[key], p3[key], t);
    return { cx: value('cx'), cy: value('cy'), width: value('width'), angle: value('angle') };
  });
}

/**
 * The mouth's pose in each of the clip's `frames` frames (clip pixels), following its best face; null
 * when no sampled frame shows a face.
 */
export async function trackMouth(clip: string, size: { width: number; height: number; frames: number }): Promise<MouthPose[] | null> {
  const toClip = unletterbox(size.width, size.height);
  const samples: (MouthPose | null)[] = [];
  for await (const rgb of sampledFrames(clip)) {
    const [face] = await facesWithLandmarks(rgb);
    samples.push(face ? mouthPoseOf(face.points.map(toClip)) : null);
  }
  return interpolatePoses(samples, size.frames);
}
