// The local talking face: the avatar's loop decoded to raw frames, each frame drawn with the face its plan asks for
// (jaw and lips from the speech, blinks and head motion from idle life) by a pool of worker threads, and the frames
// handed to the encoder in order.
import { cpus } from 'node:os';
import { join } from 'node:path';
import { readFrames, writeFrames } from '../../media/frame-pipes';
import { FramePool, type PoolTask } from './frame-pool';
import type { InnerMouth } from './inner-mouth';
import { frameBytesOf } from './yuv';
import type { FramePlan, Mesh } from '../face-shapes';

/** One frame for a worker: its pixels (yuv420p, or yuva420p with the matte), a buffer to draw into, the loop frame's mesh and the plan. */
export type FaceTask = {
  width: number;
  height: number;
  source: Uint8Array;
  output: Uint8Array;
  sourceMesh: Float32Array;
  plan: FramePlan;
  inner: InnerMouth | null;
};
/** The drawn frame, the other buffer handed back for a later frame, and the milliseconds the worker spent drawing. */
export type FaceResult = { frame: Uint8Array; spare: Uint8Array; ms: number };

/**
 * Where a render spent its time: ffmpeg's CPU seconds decoding and encoding, the workers' seconds drawing faces (over
 * all `threads`), and this process's CPU seconds in all (drawing, piping and the rest).
 */
export type RenderTimings = {
  decodeCpuSeconds: number;
  faceSeconds: number;
  threads: number;
  processCpuSeconds: number;
  encodeCpuSeconds: number;
};

const WORKER = join(__dirname, 'frame-worker.ts');

/** The mesh of each frame the loop plays: the clip's frames forwards then backwards (`bounce`), or as they are (`cycle`). */
export const loopMeshes = (meshes: Mesh[], playback: 'bounce' | 'cycle') =>
  playback === 'bounce' ? [...meshes, ...[...meshes].reverse()] : meshes;

/** Meshes measured on frames of `from` pixels, in frames of `to` pixels. */
export function scaleMeshes(meshes: Mesh[], from: { width: number; height: number }, to: { width: number; height: number }) {
  const sx = to.width / from.width;
  const sy = to.height / from.height;
  if (sx === 1 && sy === 1) return meshes;
  return meshes.map((mesh) => mesh.map((value, index) => value * (index % 2 === 0 ? sx : sy)));
}

/**
 * Renders `plans.length` frames of the loop (repeated as long as needed, scaled to `size`; `still`: the loop is one
 * picture, a photo), frame n drawn from the loop's frame n mod `meshes.length` with `plans[n]`, through an encoder:
 * `encode` is ffmpeg's arguments after the raw frames input (`-i pipe:0`), i.e. the audio input, filters, codecs and
 * output. With a `matte` (an alpha video as long as the loop) the frames carry the person's opacity (yuva420p), moved
 * with the head. `first`: the index of the first plan's frame in a longer render (a part of it made apart): the loop
 * starts where that frame falls in it.
 */
export async function renderTalkingFace(
  input: {
    loop: string;
    still?: boolean;
    meshes: Mesh[];
    plans: FramePlan[];
    first?: number;
    inner: InnerMouth | null;
    size: { width: number; height: number };
    /** Only this part of the loop's frames (in its pixels), scaled to `size`: what a small presenter shows of it. */
    region?: { x: number; y: number; width: number; height: number };
    fps: number;
    /** The alpha video, and the ffmpeg chain that makes its frames the picture's alpha at `size` (compose/matte.ts). */
    matte?: { file: string; toPicture: string };
  },
  encode: string[],
): Promise<RenderTimings> {
  const { width, height } = input.size;
  const pixelFormat = input.matte ? 'yuva420p' : 'yuv420p';
  const frameBytes = frameBytesOf(width, height, Boolean(input.matte));
  // The loop is decoded from its start, and the frames before the part's first are dropped.
  const skip = (input.first ?? 0) % input.meshes.length;
  const repeat = input.still ? ['-loop', '1', '-framerate', String(input.fps)] : ['-stream_loop', '-1'];
  const region = input.region;
  const cut = region ? `crop=${region.width}:${region.height}:${region.x}:${region.y},` : '';
  // Frame buffers come back from the workers and the encoder for the next frames: a few in all, never one per frame.
  const spares: Buffer[] = [];
  const spare = (bytes: Uint8Array) => spares.push(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length));
  const decoder = readFrames(
    [
      ...[...repeat, '-i', input.loop],
      ...(input.matte
        ? [
            ...['-stream_loop', '-1', '-i', input.matte.file, '-filter_complex'],
            `[0:v]${cut}scale=${width}:${height}[picture];[1:v]${input.matte.toPicture}[matte];[picture][matte]alphamerge`,
          ]
        : ['-vf', `${cut}scale=${width}:${height}`]),
      ...['-an', '-frames:v', String(skip + input.plans.length), '-f', 'rawvideo', '-pix_fmt', pixelFormat],
    ],
    frameBytes,
    { take: () => spares.pop() ?? Buffer.allocUnsafe(frameBytes) },
  );
  const encoder = writeFrames([
    '-f',
    'rawvideo',
    '-pix_fmt',
    pixelFormat,
    '-s',
    `${width}x${height}`,
    '-r',
    String(input.fps),
    '-i',
    'pipe:0',
    ...encode,
  ]);
  const pool = new FramePool<FaceTask, FaceResult>(WORKER, null, Math.max(1, Math.min(4, cpus().length)));
  const started = process.cpuUsage();
  let faceMs = 0;
  async function* tasks(): AsyncGenerator<PoolTask<FaceTask>> {
    let n = 0;
    let skipped = 0;
    for await (const frame of decoder.frames) {
      if (skipped < skip) {
        skipped += 1;
        spare(frame);
        continue;
      }
      const source = new Uint8Array(frame.buffer, frame.byteOffset, frame.length);
      const output = spares.pop() ?? Buffer.allocUnsafe(frameBytes);
      const sourceMesh = Float32Array.from(input.meshes[(skip + n) % input.meshes.length]!);
      const task = { width, height, source, output, sourceMesh, plan: input.plans[n]!, inner: input.inner };
      n += 1;
      yield { task, transfer: [source.buffer as ArrayBuffer, output.buffer as ArrayBuffer, sourceMesh.buffer] };
    }
  }
  try {
    for await (const result of pool.map(tasks())) {
      spare(result.spare);
      await encoder.write(Buffer.from(result.frame.buffer, result.frame.byteOffset, result.frame.length));
      spare(result.frame);
      faceMs += result.ms;
    }
    const decoded = await decoder.done;
    const encoded = await encoder.end();
    const used = process.cpuUsage(started);
    return {
      decodeCpuSeconds: decoded.cpuSeconds,
      faceSeconds: faceMs / 1000,
      threads: pool.size,
      processCpuSeconds: (used.user + used.system) / 1e6,
      encodeCpuSeconds: encoded.cpuSeconds,
    };
  } catch (error) {
    encoder.kill();
    throw error;
  } finally {
    await pool.close();
  }
}
