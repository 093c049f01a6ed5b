// Where the mouth is in every frame of an avatar's clip: the face is detected once, its landmarks taken
// on every STEP-th frame in the box carried over from the frame before, mapped back to the clip's
// pixels and filled in between (Catmull-Rom). Stored with the avatar, so a render warps each frame
// without running the detector.
import { readFileSync, writeFileSync } from 'node:fs';
import * as v from 'valibot';
import { followFace, letterboxedFrames, unletterbox } from '../local/face-detector';
import { mouthPoseOf } from './face-geometry';
import type { MouthPose } from './mouth-warp';

export const TRACK_STEP = 5;

/** The mouth's pose in each frame of an avatar's clip (the loop plays it forwards, then backwards). */
export type MouthTrack = { fps: number; width: number; height: number; poses: MouthPose[] };

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
 * The mouth's pose in each of the clip's `frames` frames (clip pixels), following the face found in
 * its first frame; null when there is none. `onProgress` hears the share of the sampled frames done.
 */
export async function trackMouth(
  clip: string,
  size: { width: number; height: number; frames: number },
  onProgress?: (fraction: number) => void,
): Promise<MouthPose[] | null> {
  const toClip = unletterbox(size.width, size.height);
  const expected = Math.max(1, Math.ceil(size.frames / TRACK_STEP));
  const samples: (MouthPose | null)[] = [];
  const { frames, done } = letterboxedFrames(clip, `select='not(mod(n\\,${TRACK_STEP}))'`);
  for await (const { points } of followFace(frames, Infinity)) {
    samples.push(points ? mouthPoseOf(points.map(toClip)) : null);
    onProgress?.(Math.min(1, samples.length / expected));
  }
  await done;
  return interpolatePoses(samples, size.frames);
}

const TrackSchema = v.object({
  fps: v.number(),
  width: v.number(),
  height: v.number(),
  poses: v.array(v.tuple([v.number(), v.number(), v.number(), v.number()])),
});

const round = (value: number) => Math.round(value * 100) / 100;

export function writeMouthTrack(file: string, track: MouthTrack) {
  const poses = track.poses.map((p) => [round(p.cx), round(p.cy), round(p.width), Math.round(p.angle * 10000) / 10000]);
  writeFileSync(file, JSON.stringify({ ...track, poses }));
}

/** A stored track, or null when the file is missing or not a track. */
export function readMouthTrack(file: string): MouthTrack | null {
  try {
    const parsed = v.safeParse(TrackSchema, JSON.parse(readFileSync(file, 'utf8')));
    if (!parsed.success || parsed.output.poses.length === 0) return null;
    const poses = parsed.output.poses.map(([cx, cy, width, angle]) => ({ cx, cy, width, angle }));
    return { ...parsed.output, poses };
  } catch {
    return null;
  }
}

/** The pose in every frame of the avatar's loop: the clip's frames forwards, then backwards. */
export const loopPoses = (track: MouthTrack) => [...track.poses, ...[...track.poses].reverse()];
