// The face mesh in every frame of an avatar's clip, for its single face: tracked, smoothed over time (the model's
// points wander by a pixel or two between frames of a still face), and stored beside the avatar so a render warps
// each frame without running a model. Also whether the person blinks anywhere in the clip.
import { readFileSync, writeFileSync } from 'node:fs';
import * as v from 'valibot';
import { readFrames } from '../../media/frame-pipes';
import { runFfmpeg } from '../../media/tools';
import { faceTracker, findFaces, MESH_POINTS } from './mesh';
import { eyeAspectRatio, faceHeight, LEFT_EYE, RIGHT_EYE } from './topology';
import type { InnerMouth } from '../draw/inner-mouth';
import { decodeInnerMouth, encodeInnerMouth } from '../draw/inner-mouth-codec';
import type { Mesh } from '../face-shapes';

/**
 * The mesh of each frame of a clip (in its pixels) and whether the person blinks in it; how the avatar's loop plays the
 * clip (`bounce`: forwards then backwards, footage; `cycle`: as it is, a photo's loop, periodic already); and the
 * inside of the person's mouth when the footage showed it open.
 */
export type MeshTrack = {
  fps: number;
  width: number;
  height: number;
  meshes: Mesh[];
  blinks: boolean;
  playback: 'bounce' | 'cycle';
  inner: InnerMouth | null;
};

/**
 * The face is tracked on frames scaled down so that it is at most this tall (forehead to chin): the model sees a
 * 192-pixel crop of twice the face anyway. A 12 s 720p clip with a 436-pixel face took 13.2 s of CPU tracked at full
 * size, 11.6 s at 300 pixels and 8.7 s at 200; smoothed, its still points moved 0.080, 0.082 and 0.100 px a frame.
 */
const TRACKED_FACE_HEIGHT = 300;

/**
 * The One-Euro filter (Casiez, Roussel and Vogel, CHI 2012) on each coordinate, run forwards and then backwards so
 * that it does not lag: a still point is smoothed below MIN_CUTOFF_HZ, and the cutoff rises with the point's speed
 * (BETA per face height a second) so that real motion passes. Chosen on tracks of still and panning faces (640 and
 * 720 pixels, with a camera's grain): a still 720p face's points move 1.2 px from frame to frame unsmoothed and 0.09 px
 * smoothed; lower cutoffs steady them further but pull a moving face off its path.
 */
const MIN_CUTOFF_HZ = 1.5;
const BETA = 4;
const SPEED_CUTOFF_HZ = 2;

/** A blink: both eyes' mean aspect ratio below this share of its median over the clip. */
const BLINK_RATIO = 0.6;

/** The One-Euro filter over one series sampled at `rate` per second; speeds are taken in units of `unit`. */
function oneEuro(series: Float64Array, rate: number, unit: number) {
  const alpha = (cutoffHz: number) => 1 / (1 + rate / (2 * Math.PI * cutoffHz));
  const out = new Float64Array(series.length);
  let value = series[0]!;
  let speed = 0;
  out[0] = value;
  for (let index = 1; index < series.length; index += 1) {
    speed += alpha(SPEED_CUTOFF_HZ) * ((series[index]! - value) * rate - speed);
    value += alpha(MIN_CUTOFF_HZ + (BETA * Math.abs(speed)) / unit) * (series[index]! - value);
    out[index] = value;
  }
  return out;
}

/** Every coordinate of the meshes smoothed over time, forwards and backwards (so without lag). */
function smoothMeshes(meshes: Mesh[], fps: number): Mesh[] {
  const unit = median(meshes.map(faceHeight));
  const smoothed = meshes.map((mesh) => new Float32Array(mesh.length));
  for (let coordinate = 0; coordinate < (meshes[0]?.length ?? 0); coordinate += 1) {
    const forwards = oneEuro(
      Float64Array.from(meshes, (mesh) => mesh[coordinate]!),
      fps,
      unit,
    );
    const both = oneEuro(forwards.reverse(), fps, unit).reverse();
    both.forEach((value, frame) => (smoothed[frame]![coordinate] = value));
  }
  return smoothed;
}

function median(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
}

/**
 * Whether the eyes close anywhere: the mean eye aspect ratio of the unsmoothed meshes (smoothing would flatten a
 * blink of a few frames), with single-frame dips removed (a median of three), below BLINK_RATIO of its median.
 */
function blinksIn(meshes: Mesh[]) {
  const openness = meshes.map((mesh) => (eyeAspectRatio(mesh, RIGHT_EYE) + eyeAspectRatio(mesh, LEFT_EYE)) / 2);
  const threshold = BLINK_RATIO * median(openness);
  return openness.some((_, frame) => frame > 0 && median(openness.slice(frame - 1, frame + 2)) < threshold);
}

/** The scale at which the clip is tracked: the face of its first frame at most TRACKED_FACE_HEIGHT tall. */
async function trackingScale(clip: string, width: number, height: number) {
  const { stdout } = await runFfmpeg(['-i', clip, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'], {
    timeoutMs: 60_000,
  });
  const [face] = await findFaces(stdout, width, height);
  return face ? Math.min(1, TRACKED_FACE_HEIGHT / faceHeight(face.mesh)) : 1;
}

/** Frames without a face take the mesh of the nearest frame with one (the earlier on a tie); null when none has. */
function fillGaps(meshes: (Mesh | null)[]): Mesh[] | null {
  const found = meshes.flatMap((mesh, frame) => (mesh ? [frame] : []));
  if (found.length === 0) return null;
  return meshes.map((mesh, frame) => mesh ?? meshes[found.reduce((a, b) => (Math.abs(b - frame) < Math.abs(a - frame) ? b : a))]!);
}

/**
 * The mesh of the clip's face in each of its frames (a `width` x `height` H.264 clip at `fps`, `frames` long, which
 * `onProgress` hears the share of), smoothed, in the clip's pixels; null when no frame shows a face.
 */
export async function trackMesh(
  clip: string,
  size: { width: number; height: number; fps: number; frames: number },
  onProgress?: (fraction: number) => void,
): Promise<MeshTrack | null> {
  const scale = await trackingScale(clip, size.width, size.height);
  const width = Math.round(size.width * scale);
  const height = Math.round(size.height * scale);
  const scaleFilter = scale < 1 ? ['-vf', `scale=${width}:${height}:flags=area`] : [];
  const { frames, done } = readFrames(
    ['-i', clip, '-an', ...scaleFilter, '-vsync', '0', '-f', 'rawvideo', '-pix_fmt', 'rgb24'],
    width * height * 3,
  );
  const tracker = faceTracker();
  const found: (Mesh | null)[] = [];
  for await (const rgb of frames) {
    const face = await tracker.next(rgb, width, height);
    found.push(face ? face.mesh.map((value, index) => value * (index % 2 === 0 ? size.width / width : size.height / height)) : null);
    onProgress?.(Math.min(1, found.length / Math.max(1, size.frames)));
  }
  await done;
  const meshes = fillGaps(found);
  if (!meshes) return null;
  return {
    fps: size.fps,
    width: size.width,
    height: size.height,
    meshes: smoothMeshes(meshes, size.fps),
    blinks: blinksIn(meshes),
    playback: 'bounce',
    inner: null,
  };
}

// The file: one line of JSON (the header), padded with spaces so that the data after its newline starts at a multiple
// of 4 bytes, then for each frame, for each point, x and y as little-endian 32-bit floats, then the inner mouth's
// stored form (`innerBytes` long; inner-mouth-codec.ts) when there is one.
const TRACK_VERSION = 2;
const HeaderSchema = v.object({
  version: v.literal(TRACK_VERSION),
  fps: v.pipe(v.number(), v.minValue(1)),
  width: v.pipe(v.number(), v.integer(), v.minValue(1)),
  height: v.pipe(v.number(), v.integer(), v.minValue(1)),
  frames: v.pipe(v.number(), v.integer(), v.minValue(1)),
  points: v.literal(MESH_POINTS),
  blinks: v.boolean(),
  playback: v.optional(v.picklist(['bounce', 'cycle']), 'bounce'),
  innerBytes: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0)), 0),
});
const FLOAT_BYTES = 4;

export function writeMeshTrack(file: string, track: MeshTrack) {
  const { fps, width, height, meshes, blinks, playback } = track;
  const inner = track.inner ? encodeInnerMouth(track.inner) : Buffer.alloc(0);
  const json = JSON.stringify({
    version: TRACK_VERSION,
    fps,
    width,
    height,
    frames: meshes.length,
    points: MESH_POINTS,
    blinks,
    playback,
    innerBytes: inner.length,
  });
  const headerBytes = Math.ceil((Buffer.byteLength(json) + 1) / FLOAT_BYTES) * FLOAT_BYTES;
  const meshBytes = meshes.length * MESH_POINTS * 2 * FLOAT_BYTES;
  const data = Buffer.alloc(headerBytes + meshBytes + inner.length);
  inner.copy(data, headerBytes + meshBytes);
  data.write(`${json.padEnd(headerBytes - 1)}\n`);
  meshes.forEach((mesh, frame) => {
    for (let index = 0; index < MESH_POINTS * 2; index += 1) {
      data.writeFloatLE(mesh[index]!, headerBytes + (frame * MESH_POINTS * 2 + index) * FLOAT_BYTES);
    }
  });
  writeFileSync(file, data);
}

/** A stored mesh track, or null when the file is missing, damaged or of another kind (an older mouth track). */
export function readMeshTrack(file: string): MeshTrack | null {
  let data: Buffer;
  try {
    data = readFileSync(file);
  } catch {
    return null;
  }
  const newline = data.indexOf('\n');
  if (newline < 0) return null;
  let header: v.InferOutput<typeof HeaderSchema>;
  try {
    const parsed = v.safeParse(HeaderSchema, JSON.parse(data.subarray(0, newline).toString()));
    if (!parsed.success) return null;
    header = parsed.output;
  } catch {
    return null;
  }
  const start = newline + 1;
  const values = MESH_POINTS * 2;
  const meshBytes = header.frames * values * FLOAT_BYTES;
  if (data.length - start !== meshBytes + header.innerBytes) return null;
  const meshes = Array.from({ length: header.frames }, (_, frame) =>
    Float32Array.from({ length: values }, (_, index) => data.readFloatLE(start + (frame * values + index) * FLOAT_BYTES)),
  );
  let inner: InnerMouth | null = null;
  if (header.innerBytes) {
    try {
      inner = decodeInnerMouth(data.subarray(start + meshBytes));
    } catch {
      return null;
    }
  }
  const { fps, width, height, blinks, playback } = header;
  return { fps, width, height, meshes, blinks, playback, inner };
}
