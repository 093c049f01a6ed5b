// Measuring a rendered video as a viewer's eye would: the face mesh detected again on the OUTPUT frames (never the
// renderer's own numbers), and what it says about chin, lips, eyes and head in each sampled frame.
import { findFaces } from '../../src/engine/mesh/mesh';
import {
  CHIN,
  eyeAspectRatio,
  faceWidth,
  LEFT_EYE,
  lipGap,
  mouthWidth,
  NOSE_TIP,
  pointOf,
  RIGHT_EYE,
} from '../../src/engine/mesh/topology';
import type { Mesh } from '../../src/engine/face-shapes';
import { probeMedia } from '../../src/media/probe';
import { readFrames } from '../../src/media/frame-pipes';

/** What one output frame shows, in its pixels (null fields: no face found in that frame). */
export type Seen = {
  mesh: Mesh | null;
  /** Chin (152) below the nose tip (1): grows as the jaw drops. */
  chinDrop: number;
  mouthWidth: number;
  /** The inner lips' gap as a share of the mouth's width. */
  gap: number;
  /** The eye aspect ratio, both eyes averaged. */
  eyes: number;
  nose: { x: number; y: number };
  faceWidth: number;
};

/** Every frame of `video` at `fps` (its own rate when left out), with what the mesh found on it says. */
export async function measureVideo(video: string, fps?: number): Promise<Seen[]> {
  const probe = await probeMedia(video);
  const { width, height } = probe!.video!;
  const { frames, done } = readFrames(
    ['-i', video, '-an', ...(fps ? ['-vf', `fps=${fps}`] : []), '-vsync', '0', '-f', 'rawvideo', '-pix_fmt', 'rgb24'],
    width * height * 3,
  );
  // Each frame on its own (the detector every time): a tracker carries one frame's crop into the next, and its mesh
  // then lags a jaw that moves (the chin read 3 px of a 12 px drop).
  const seen: Seen[] = [];
  for await (const rgb of frames) seen.push(seenIn((await findFaces(rgb, width, height))[0]?.mesh ?? null));
  await done;
  return seen;
}

function seenIn(mesh: Mesh | null): Seen {
  if (!mesh) return { mesh, chinDrop: NaN, mouthWidth: NaN, gap: NaN, eyes: NaN, nose: { x: NaN, y: NaN }, faceWidth: NaN };
  const chin = pointOf(mesh, CHIN);
  const nose = pointOf(mesh, NOSE_TIP);
  return {
    mesh,
    chinDrop: Math.hypot(chin.x - nose.x, chin.y - nose.y),
    mouthWidth: mouthWidth(mesh),
    gap: lipGap(mesh),
    eyes: (eyeAspectRatio(mesh, LEFT_EYE) + eyeAspectRatio(mesh, RIGHT_EYE)) / 2,
    nose,
    faceWidth: faceWidth(mesh),
  };
}

export const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;

export function pearson(a: number[], b: number[]) {
  const ma = mean(a);
  const mb = mean(b);
  let num = 0;
  let da = 0;
  let db = 0;
  for (let i = 0; i < a.length; i += 1) {
    num += (a[i]! - ma) * (b[i]! - mb);
    da += (a[i]! - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  }
  return num / Math.sqrt(da * db);
}

/** Pearson r between `a` and `b` shifted by each lag in [-maxLag, maxLag] frames: the best. */
export function bestLaggedCorrelation(a: number[], b: number[], maxLag: number) {
  let best = -Infinity;
  for (let lag = -maxLag; lag <= maxLag; lag += 1) {
    const pairs = a.map((value, i) => [value, b[i + lag]] as const).filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y!));
    best = Math.max(
      best,
      pearson(
        pairs.map(([x]) => x),
        pairs.map(([, y]) => y!),
      ),
    );
  }
  return best;
}
