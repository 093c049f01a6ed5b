// What a viewer would see at the joins of a video made in parts: each frame's grey pixels, and how much a frame at a
// join differs from the one before it, against neighbouring frames everywhere else.
import { readMeshTrack } from '../../src/engine/mesh/mesh-track';
import { LIPS, pointOf } from '../../src/engine/mesh/topology';
import { runFfmpeg } from '../../src/media/tools';

type Region = { width: number; height: number } | { crop: { x: number; y: number; width: number; height: number } };

/** Every frame of `file` as grey pixels: the whole picture scaled to a size, or one box of it at full size. */
export async function grayFrames(file: string, region: Region): Promise<Buffer[]> {
  const filter =
    'crop' in region
      ? `crop=${region.crop.width}:${region.crop.height}:${region.crop.x}:${region.crop.y}`
      : `scale=${region.width}:${region.height}`;
  const size = 'crop' in region ? region.crop.width * region.crop.height : region.width * region.height;
  const { stdout } = await runFfmpeg(['-i', file, '-vf', `${filter},format=gray`, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'], {
    timeoutMs: 600_000,
  });
  return Array.from({ length: stdout.length / size }, (_, n) => stdout.subarray(n * size, (n + 1) * size));
}

const step = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};

/**
 * The mean change of the pixels from each join's previous frame to its first (`joins`: frame indexes), and the largest
 * such change between neighbouring frames anywhere else.
 */
export function seamsOf(frames: Buffer[], joins: number[]) {
  const atJoins = joins.map((frame) => step(frames[frame - 1]!, frames[frame]!));
  let largestElsewhere = 0;
  for (let n = 1; n < frames.length; n += 1) {
    if (!joins.includes(n)) largestElsewhere = Math.max(largestElsewhere, step(frames[n - 1]!, frames[n]!));
  }
  return { atJoins, largestElsewhere };
}

/** The box around the lips (12 px around them) in the first frame of an avatar's face track. */
export function mouthBoxOf(faceTrack: string) {
  const mesh = readMeshTrack(faceTrack)!.meshes[0]!;
  const lips = [...LIPS.outerUpper, ...LIPS.outerLower].map((index) => pointOf(mesh, index));
  const pad = 12;
  const x = Math.max(0, Math.floor(Math.min(...lips.map((p) => p.x))) - pad);
  const y = Math.max(0, Math.floor(Math.min(...lips.map((p) => p.y))) - pad);
  return {
    x,
    y,
    width: Math.ceil(Math.max(...lips.map((p) => p.x))) + pad - x,
    height: Math.ceil(Math.max(...lips.map((p) => p.y))) + pad - y,
  };
}

/** The video's sound decoded: 16-bit mono samples at 48 kHz. */
export async function decodedAudio(file: string) {
  return (await runFfmpeg(['-i', file, '-map', '0:a', '-ac', '1', '-ar', '48000', '-f', 's16le', 'pipe:1'], { timeoutMs: 600_000 })).stdout;
}
