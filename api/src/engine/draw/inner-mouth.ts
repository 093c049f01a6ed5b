// What shows between the lips when the mouth opens, taken from the person: their own inner mouth (teeth, tongue, the
// dark behind) sampled from source frames where the mouth is open and kept as a small texture in mouth-aligned
// coordinates, its luma relative to the skin around the mouth so it can be lit like another frame. How it is stored
// is inner-mouth-codec.ts; how it is drawn into a frame's lip gap, mouth-fill.ts (or synthetic-mouth.ts, without one).
import { Contour, mouthFrame, toFrame, type MouthFrame } from './deform';
import { LIPS, lipGap } from '../mesh/topology';
import type { Mesh } from '../face-shapes';
import * as yuv from './yuv';
import type { YuvFrame } from './yuv';

// Module-local, as every lookup of a global (Math) inside a vm context (jest's) is slow; the helpers bound once, as a
// transpiled module's exports are getters, otherwise called on every use (per pixel here).
const { max, min, round } = Math;
const { samplePlane } = yuv;

/**
 * The inside of one person's mouth, in mouth-aligned coordinates: column `i` of `width` runs from the image-left inner
 * corner (78) to the image-right one (308), row `j` of `height` from the upper inner lip down to the lower inner lip.
 * - `y`: luma relative to the skin around the mouth where it was taken, 128 = as bright as that skin (so it can be lit
 *   like another frame); `u`, `v`: chroma as it was. Each `width` x `height`, row-major.
 * - `gap`: for each column, the lips' distance apart where it was taken, in mouth widths (outer corners 61-291);
 * - `span`: the inner corners' distance apart in mouth widths; `centre`: the middle of the inner corners from the
 *   middle of the outer ones along the mouth, in mouth widths. Together they place the texture on a face at true size.
 */
export type InnerMouth = {
  width: number;
  height: number;
  y: Uint8Array;
  u: Uint8Array;
  v: Uint8Array;
  gap: Float32Array;
  span: number;
  centre: number;
};

/** The texture's size: enough for a mouth about 160 px wide at 1080p (texels a little larger than pixels there). */
const TEXTURE_WIDTH = 80;
const TEXTURE_HEIGHT = 32;
/**
 * A frame shows its inner mouth when the lips are this far apart (topology's lipGap, a share of the mouth width):
 * below it the opening is a slit of lip edges. Of the frames that pass, those within BEST_SHARE of the widest
 * opening are averaged (at most MAX_FRAMES), so one frame's noise or blur does not dominate and the teeth stay sharp.
 */
export const MIN_OPEN_GAP = 0.12;
const BEST_SHARE = 0.85;
const MAX_FRAMES = 6;

/** How the area around a mouth is lit: the skin's luma and chroma around it, and the lips' (medians). */
export type MouthLight = { skin: number; skinU: number; skinV: number; lipY: number; lipU: number; lipV: number };

/** How far out from the mouth's centre, relative to the outer lip contour, the skin is sampled. */
const SKIN_RING = 1.45;

const median = (values: number[]) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 128;
};

/** Where a point of the frame is, at the luma's resolution; the chroma planes are sampled at half the coordinates. */
const lumaAt = (frame: YuvFrame, x: number, y: number) => samplePlane(frame.y, frame.width, frame.height, x, y);
export const chromaAt = (plane: Uint8Array, frame: YuvFrame, x: number, y: number) =>
  samplePlane(plane, frame.width / 2, frame.height / 2, x / 2, y / 2);

export function mouthLight(frame: YuvFrame, mesh: Mesh): MouthLight {
  const [left, right] = LIPS.corners;
  const cx = (mesh[2 * left]! + mesh[2 * right]!) / 2;
  const cy = (mesh[2 * left + 1]! + mesh[2 * right + 1]!) / 2;
  const skin: number[] = [];
  const skinU: number[] = [];
  const skinV: number[] = [];
  const lipY: number[] = [];
  const lipU: number[] = [];
  const lipV: number[] = [];
  const pairs = [
    [LIPS.outerUpper, LIPS.innerUpper],
    [LIPS.outerLower, LIPS.innerLower],
  ] as const;
  for (const [outer, inner] of pairs) {
    for (let k = 1; k < outer.length - 1; k += 1) {
      const ox = mesh[2 * outer[k]!]!;
      const oy = mesh[2 * outer[k]! + 1]!;
      const sx = cx + (ox - cx) * SKIN_RING;
      const sy = cy + (oy - cy) * SKIN_RING;
      skin.push(lumaAt(frame, sx, sy));
      skinU.push(chromaAt(frame.u, frame, sx, sy));
      skinV.push(chromaAt(frame.v, frame, sx, sy));
      const lx = (ox + mesh[2 * inner[k]!]!) / 2;
      const ly = (oy + mesh[2 * inner[k]! + 1]!) / 2;
      lipY.push(lumaAt(frame, lx, ly));
      lipU.push(chromaAt(frame.u, frame, lx, ly));
      lipV.push(chromaAt(frame.v, frame, lx, ly));
    }
  }
  return {
    skin: max(16, median(skin)),
    skinU: median(skinU),
    skinV: median(skinV),
    lipY: max(16, median(lipY)),
    lipU: median(lipU),
    lipV: median(lipV),
  };
}

/**
 * The inner lips of a mesh as functions along its mouth: upper and lower contour (the inner contours, or with
 * `opening` the opening as the warp draws it), and where the inner corners are.
 */
export function innerLips(mesh: Mesh, frame: MouthFrame, opening = false) {
  const { s, t } = toFrame(mesh, frame);
  const upper = new Contour(opening ? LIPS.openingUpper : LIPS.innerUpper, s, t);
  const lower = new Contour(opening ? LIPS.openingLower : LIPS.innerLower, s, t);
  const [left, right] = LIPS.innerCorners;
  return { upper, lower, s0: min(s[left]!, s[right]!), s1: max(s[left]!, s[right]!) };
}

/** One frame's inner mouth sampled into texture space; luma relative to the skin (128 = the skin's). */
function sampleInside(frame: YuvFrame, mesh: Mesh) {
  const mf = mouthFrame(mesh);
  const { upper, lower, s0, s1 } = innerLips(mesh, mf);
  const light = mouthLight(frame, mesh);
  const y = new Float64Array(TEXTURE_WIDTH * TEXTURE_HEIGHT);
  const u = new Float64Array(TEXTURE_WIDTH * TEXTURE_HEIGHT);
  const v = new Float64Array(TEXTURE_WIDTH * TEXTURE_HEIGHT);
  const gap = new Float64Array(TEXTURE_WIDTH);
  for (let i = 0; i < TEXTURE_WIDTH; i += 1) {
    const s = s0 + ((i + 0.5) / TEXTURE_WIDTH) * (s1 - s0);
    const tu = upper.at(s);
    const tl = lower.at(s);
    gap[i] = max(0, tl - tu) / mf.mouthWidth;
    for (let j = 0; j < TEXTURE_HEIGHT; j += 1) {
      const t = tu + ((j + 0.5) / TEXTURE_HEIGHT) * (tl - tu);
      const x = mf.ox + s * mf.ex.x + t * mf.ey.x;
      const yy = mf.oy + s * mf.ex.y + t * mf.ey.y;
      const k = j * TEXTURE_WIDTH + i;
      y[k] = (lumaAt(frame, x, yy) * 128) / light.skin;
      u[k] = chromaAt(frame.u, frame, x, yy);
      v[k] = chromaAt(frame.v, frame, x, yy);
    }
  }
  return { y, u, v, gap, span: (s1 - s0) / mf.mouthWidth, centre: (s0 + s1) / 2 / mf.mouthWidth };
}

const toBytes = (values: Float64Array, count: number) => Uint8Array.from(values, (value) => min(255, max(0, round(value / count))));

/**
 * The person's inner mouth from source frames that show it (lips at least MIN_OPEN_GAP apart), averaged over the
 * most open ones; null when no frame shows it.
 */
export function innerMouthFromFrames(frames: { yuv: YuvFrame; mesh: Mesh }[]): InnerMouth | null {
  const open = frames
    .map((frame) => ({ frame, gap: lipGap(frame.mesh) }))
    .filter((candidate) => candidate.gap >= MIN_OPEN_GAP)
    .sort((a, b) => b.gap - a.gap);
  if (open.length === 0) return null;
  const best = open.filter((candidate) => candidate.gap >= BEST_SHARE * open[0]!.gap).slice(0, MAX_FRAMES);
  const size = TEXTURE_WIDTH * TEXTURE_HEIGHT;
  const sum = { y: new Float64Array(size), u: new Float64Array(size), v: new Float64Array(size), gap: new Float64Array(TEXTURE_WIDTH) };
  let span = 0;
  let centre = 0;
  for (const { frame } of best) {
    const one = sampleInside(frame.yuv, frame.mesh);
    for (let k = 0; k < size; k += 1) {
      sum.y[k] = sum.y[k]! + one.y[k]!;
      sum.u[k] = sum.u[k]! + one.u[k]!;
      sum.v[k] = sum.v[k]! + one.v[k]!;
    }
    for (let i = 0; i < TEXTURE_WIDTH; i += 1) sum.gap[i] = sum.gap[i]! + one.gap[i]!;
    span += one.span;
    centre += one.centre;
  }
  const count = best.length;
  return {
    width: TEXTURE_WIDTH,
    height: TEXTURE_HEIGHT,
    y: toBytes(sum.y, count),
    u: toBytes(sum.u, count),
    v: toBytes(sum.v, count),
    gap: Float32Array.from(sum.gap, (value) => value / count),
    span: span / count,
    centre: centre / count,
  };
}
