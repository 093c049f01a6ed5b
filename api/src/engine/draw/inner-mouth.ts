// What shows between the lips when the mouth opens: the person's own inner mouth (teeth, tongue, the dark behind),
// taken from source frames where the mouth is open and kept as a small texture in mouth-aligned coordinates, or,
// when none of the footage shows it, a shaded synthetic one. Both are lit like the frame they are drawn into.
import { Contour, mouthFrame, toFrame, type MouthFrame } from './deform';
import { LIPS, lipGap } from '../mesh/topology';
import type { Mesh } from '../face-shapes';
import * as yuv from './yuv';
import type { YuvFrame } from './yuv';
import * as numbers from '../numbers';

// Module-local, as every lookup of a global (Math) inside a vm context (jest's) is slow; the helpers bound once, as a
// transpiled module's exports are getters, otherwise called on every use (per pixel here).
const { abs, floor, max, min, round, sqrt } = Math;
const { mix, smoothstep } = numbers;
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
type MouthLight = { skin: number; skinU: number; skinV: number; lipY: number; lipU: number; lipV: number };

/** How far out from the mouth's centre, relative to the outer lip contour, the skin is sampled. */
const SKIN_RING = 1.45;

const median = (values: number[]) => {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? 128;
};

/** Where a point of the frame is, at the luma's resolution; the chroma planes are sampled at half the coordinates. */
const lumaAt = (frame: YuvFrame, x: number, y: number) => samplePlane(frame.y, frame.width, frame.height, x, y);
const chromaAt = (plane: Uint8Array, frame: YuvFrame, x: number, y: number) =>
  samplePlane(plane, frame.width / 2, frame.height / 2, x / 2, y / 2);

function mouthLight(frame: YuvFrame, mesh: Mesh): MouthLight {
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
function innerLips(mesh: Mesh, frame: MouthFrame, opening = false) {
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

// ---- Stored form ---------------------------------------------------------------------------------------------------
/**
 * The stored form of an InnerMouth, little-endian:
 *   0  4 bytes  "KGIM"
 *   4  u8       version (1)
 *   5  u8       width (texels across), 6 u8 height (texels down), 7 u8 zero
 *   8  f32      span, 12 f32 centre
 *   16 f32 x width   gap per column
 *   then width x height bytes of y, the same of u, the same of v (row-major, row 0 at the upper lip).
 * About 8 KB for the 80 x 32 texture; raw bytes (no image codec) so it round-trips exactly.
 */
const MAGIC = 'KGIM';
const VERSION = 1;
const HEADER = 16;

export function encodeInnerMouth(mouth: InnerMouth): Buffer {
  const plane = mouth.width * mouth.height;
  const out = Buffer.alloc(HEADER + 4 * mouth.width + 3 * plane);
  out.write(MAGIC, 0, 'ascii');
  out.writeUInt8(VERSION, 4);
  out.writeUInt8(mouth.width, 5);
  out.writeUInt8(mouth.height, 6);
  out.writeFloatLE(mouth.span, 8);
  out.writeFloatLE(mouth.centre, 12);
  for (let i = 0; i < mouth.width; i += 1) out.writeFloatLE(mouth.gap[i]!, HEADER + 4 * i);
  const planes = HEADER + 4 * mouth.width;
  out.set(mouth.y, planes);
  out.set(mouth.u, planes + plane);
  out.set(mouth.v, planes + 2 * plane);
  return out;
}

export function decodeInnerMouth(bytes: Uint8Array): InnerMouth {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length < HEADER || data.toString('ascii', 0, 4) !== MAGIC) throw new Error('Not a stored inner mouth');
  if (data.readUInt8(4) !== VERSION) throw new Error(`Inner mouth version ${data.readUInt8(4)} is not supported`);
  const width = data.readUInt8(5);
  const height = data.readUInt8(6);
  const plane = width * height;
  const planes = HEADER + 4 * width;
  if (width === 0 || height === 0 || data.length !== planes + 3 * plane) throw new Error('Stored inner mouth has the wrong length');
  return {
    width,
    height,
    span: data.readFloatLE(8),
    centre: data.readFloatLE(12),
    gap: Float32Array.from({ length: width }, (_, i) => data.readFloatLE(HEADER + 4 * i)),
    y: Uint8Array.from(data.subarray(planes, planes + plane)),
    u: Uint8Array.from(data.subarray(planes + plane, planes + 2 * plane)),
    v: Uint8Array.from(data.subarray(planes + 2 * plane, planes + 3 * plane)),
  };
}

// ---- Drawing into a frame's lip gap ---------------------------------------------------------------------------------
/**
 * Everything needed to colour the pixels of one target frame's lip gap, in the SOURCE frame's mouth coordinates
 * (the gap's pixels are found in the head's unmoved frame, where the target mesh lives): the target's inner lips as
 * functions along the mouth, the source's lip line (where the upper teeth hang from), the light, and the texture (or
 * null for the synthetic interior).
 */
export type MouthFill = {
  frame: MouthFrame;
  upper: Contour;
  lower: Contour;
  sourceUpper: Contour;
  sourceLower: Contour;
  /** The middle of the source's inner corners along the mouth (pixels from the frame's origin). */
  middle: number;
  light: MouthLight;
  texture: InnerMouth | null;
  /** The texture's dark (textureDark), when there is a texture. */
  dark: [number, number, number] | null;
  /**
   * How much the inside is shaded by lips pushed forward: rounded lips stand out from the teeth and shade the whole
   * inside. From how much narrower the target's inner corners are than the source's (ROUND_SHADE at a third
   * narrower).
   */
  shade: number;
  /** The source frame, when what it shows between its lips is kept (mouthFill's `keepOwn`). */
  own: YuvFrame | null;
};

/**
 * Prepares the colouring of a target frame's lip gap. With `keepOwn` (the default) whatever the source frame shows
 * between its own inner lips stays attached to the lips it was next to (the dark line of closed lips, the visible
 * teeth of a parted mouth), and the inner mouth fills only what the lips opened beyond that; so a mouth barely moved
 * from the source looks like the source, with no pop when it starts to open. Without it the whole gap is the inner
 * mouth (for comparing interiors).
 */
export function mouthFill(source: YuvFrame, sourceMesh: Mesh, targetMesh: Mesh, texture: InnerMouth | null, keepOwn = true): MouthFill {
  const frame = mouthFrame(sourceMesh);
  const before = innerLips(sourceMesh, frame, true);
  const after = innerLips(targetMesh, frame, true);
  return {
    frame,
    upper: after.upper,
    lower: after.lower,
    sourceUpper: before.upper,
    sourceLower: before.lower,
    middle: (before.s0 + before.s1) / 2,
    light: mouthLight(source, sourceMesh),
    texture,
    dark: texture ? textureDark(texture) : null,
    shade: 1 - ROUND_SHADE * smoothstep((1 - (after.s1 - after.s0) / max(1, before.s1 - before.s0)) / 0.33),
    own: keepOwn ? source : null,
  };
}

/** The source's own gap pixels hand over to the inner mouth over this many pixels beyond where they end. */
const OWN_BLEND = 1.5;

/** How much darker the inside of a fully rounded mouth is (the lips, pushed out, shade it). */
const ROUND_SHADE = 0.4;

// The synthetic interior, in mouth widths (outer corners) unless said otherwise.
/**
 * Upper teeth reach this far below the source's upper inner lip at the middle (the central incisors' edges; at rest
 * about 2 mm of them is hidden behind a closed upper lip, and a talking mouth shows 2-4 mm of a ~50 mm wide mouth)...
 */
const TEETH_BELOW_LIP = 0.085;
/** ...and their edge rises by this much towards the sides of the arch (at TEETH_HALF_SPAN), as the teeth get shorter. */
const TEETH_ARCH_RISE = 0.05;
/** The upper teeth span this far either side of the middle (canine to canine, the premolars darker). */
const TEETH_HALF_SPAN = 0.43;
/** Where the upper teeth meet, from the middle out: central incisors, laterals, canines, premolars (foreshortened). */
const UPPER_TEETH = [0, 0.16, 0.26, 0.33, 0.385, 0.43];
/** Lower incisors are narrower; they show only when the gap exceeds LOWER_TEETH_FROM, up to LOWER_TEETH_HEIGHT tall. */
const LOWER_TEETH = [0, 0.075, 0.145, 0.21, 0.26];
const LOWER_TEETH_FROM = 0.24;
const LOWER_TEETH_HEIGHT = 0.045;
/** The tongue's visible hump at the bottom of the gap, at most this tall in the middle. */
const TONGUE_HEIGHT = 0.09;
/**
 * Brightness against the skin around the mouth, as measured in an open-mouthed sample photo (face-api's sample5,
 * its first face): the upper incisors 1.2-1.4 times the skin's luma, the dark inside 0.4-0.5 times, the tongue and
 * lower lip's inside 0.6-0.9 times.
 */
const TEETH_BRIGHTNESS = 1.3;
const THROAT_BRIGHTNESS = 0.4;
const TONGUE_BRIGHTNESS = 0.6;
/** The lips' wet inner edge: a rim this wide (pixels, at least) in the lips' colour, darker, blending into the inside. */
const RIM_PIXELS = 1.6;

/**
 * How a row of teeth shades across at `x` (mouth widths from the middle): each tooth rounded, dark lines between them
 * `separation` wide (mouth widths) that darken by `depth` at their middle.
 */
function toothShade(x: number, bounds: readonly number[], separation: number, depth: number) {
  const ax = abs(x);
  let k = 0;
  while (k < bounds.length - 2 && ax >= bounds[k + 1]!) k += 1;
  const a = bounds[k]!;
  const b = bounds[k + 1]!;
  const local = min(1, (ax - a) / (b - a));
  const rounded = 1 - 0.2 * (2 * local - 1) * (2 * local - 1);
  const fromEdge = min(ax - a, b - ax);
  // The gap between the two central incisors is at x = 0: its distance is ax itself.
  const gap = smoothstep(max(0, fromEdge) / separation);
  return { shade: rounded * (1 - depth + depth * gap), local };
}

/**
 * The colour (y, u, v into `out`) at a point of the gap: `s`, `t` in the source's mouth coordinates (pixels), `top`
 * and `bottom` the target's inner lips there. Synthetic.
 */
function synthetic(fill: MouthFill, s: number, t: number, top: number, bottom: number, out: Float64Array) {
  const width = fill.frame.mouthWidth;
  const light = fill.light;
  const x = (s - fill.middle) / width;
  const gapPx = bottom - top;
  const gap = gapPx / width;
  const fromTop = t - top;
  const fromBottom = bottom - t;
  const depth = min(1, min(fromTop, fromBottom) / max(1, gapPx / 2));
  const corner = smoothstep((abs(x) - 0.12) / 0.3);

  // The dark inside, reddish like the lips, darkest in the middle and towards the corners.
  let y = light.skin * THROAT_BRIGHTNESS * (1 - 0.35 * depth) * (1 - 0.35 * corner);
  let u = 128 + (light.lipU - 128) * 0.4;
  let v = 128 + (light.lipV - 128) * 0.45;

  // The tongue's hump low in the mouth, lit from the front, in the lips' colour.
  const tongueHalf = 0.3;
  if (gap > 0.08 && abs(x) < tongueHalf) {
    const hump = TONGUE_HEIGHT * width * smoothstep((gap - 0.08) / 0.15) * sqrt(1 - (x / tongueHalf) * (x / tongueHalf));
    if (fromBottom < hump) {
      // Lit at its front (near the lower lip), falling into shade towards its back and the corners.
      const along = fromBottom / max(1e-3, hump);
      const tongue = light.skin * TONGUE_BRIGHTNESS * (1 - 0.45 * along) * (1 - 0.4 * corner) * (1 - 0.08 * smoothstep(1 - abs(x) / 0.03));
      const f = smoothstep((hump - fromBottom) / max(1.5, 0.03 * width));
      y = mix(y, tongue, f);
      u = mix(u, 128 + (light.lipU - 128) * 0.75, f);
      v = mix(v, 128 + (light.lipV - 128) * 0.8, f);
    }
  }

  const teethY = min(235, light.skin * TEETH_BRIGHTNESS);
  // Teeth are off-white (a little yellow) and take on much of the light's colour around them (the skin's chroma).
  const teethU = 128 + (light.skinU - 128) * 0.45 - 2;
  const teethV = 128 + (light.skinV - 128) * 0.35 + 1;
  // The dark line between two teeth: about 1 % of the mouth's width, at least most of a pixel (mouth widths).
  const separation = max(0.7, 0.011 * width) / width;

  // Lower incisors' tips above the lower lip when the mouth is wide.
  const lowerHeight = LOWER_TEETH_HEIGHT * width * smoothstep((gap - LOWER_TEETH_FROM) / 0.1);
  if (lowerHeight > 0.3 && abs(x) < LOWER_TEETH[LOWER_TEETH.length - 1]!) {
    const { shade, local } = toothShade(x, LOWER_TEETH, separation, 0.25);
    const tip = lowerHeight * (1 - 0.5 * (abs(x) / 0.26) ** 2) * (1 - 0.15 * (2 * local - 1) ** 4);
    if (fromBottom < tip) {
      const f = smoothstep((tip - fromBottom) / 1.2);
      const across = 1 - 0.55 * smoothstep((abs(x) - 0.06) / 0.2);
      y = mix(y, teethY * 0.62 * shade * across, f);
      u = mix(u, teethU, f);
      v = mix(v, teethV, f);
    }
  }

  // Upper teeth hang from the upper jaw: their edge is fixed to the face (below the source's upper inner lip), so a
  // lifted upper lip shows more of them and they stay the same size whatever the lips do.
  if (abs(x) < TEETH_HALF_SPAN) {
    const { shade, local } = toothShade(x, UPPER_TEETH, separation, 0.28);
    const edge =
      fill.sourceUpper.at(s) + width * (TEETH_BELOW_LIP - TEETH_ARCH_RISE * (abs(x) / TEETH_HALF_SPAN) ** 2 - 0.012 * (2 * local - 1) ** 4);
    if (t < edge + 0.5) {
      // The teeth further back along the arch are in the cheeks' shade (the dark corridors at the mouth's corners).
      const across = 1 - 0.72 * smoothstep((abs(x) - 0.14) / 0.26);
      // The edge is a little translucent; the lip shades the teeth just under it.
      const translucent = 1 - 0.15 * smoothstep(1 - (edge - t) / (0.025 * width));
      const underLip = 0.62 + 0.38 * smoothstep(fromTop / max(2, 0.05 * width));
      const f = smoothstep(edge + 0.5 - t);
      y = mix(y, teethY * shade * across * translucent * underLip, f);
      u = mix(u, teethU, f);
      v = mix(v, teethV, f);
    }
  }

  // The lips' inner edge: their colour, in shade, blending into the inside over a pixel or two; where the lips all but
  // meet, only their colour.
  const rim = max(RIM_PIXELS, 0.015 * width);
  const r = 1 - smoothstep(min(fromTop, fromBottom) / rim) * smoothstep((gapPx - 0.5) / 2);
  out[0] = mix(y, light.lipY * 0.7, r);
  out[1] = mix(u, light.lipU, r);
  out[2] = mix(v, light.lipV, r);
}

/**
 * The darkest part of a texture (the dark inside the mouth): the mean of the darkest quarter of its middle half's
 * texels, y (relative), u, v.
 */
function textureDark(texture: InnerMouth): [number, number, number] {
  const picks: number[] = [];
  for (let j = 0; j < texture.height; j += 1) {
    for (let i = texture.width >> 2; i < texture.width - (texture.width >> 2); i += 1) picks.push(j * texture.width + i);
  }
  picks.sort((a, b) => texture.y[a]! - texture.y[b]!);
  const darkest = picks.slice(0, max(1, picks.length >> 2));
  const mean = (plane: Uint8Array) => darkest.reduce((sum, k) => sum + plane[k]!, 0) / darkest.length;
  return [mean(texture.y), mean(texture.u), mean(texture.v)];
}

/**
 * The colour at a point of the gap from the person's texture, at true size, lit like this frame. Down the gap the
 * texture's upper half hangs from the upper lip and its lower half sits on the lower lip, both at the size they were
 * taken at: a narrower gap leaves the middle out, a wider one opens the dark between them (the texture's own dark,
 * reached smoothly from its middle row, so nothing is stretched into streaks).
 */
function textured(fill: MouthFill, texture: InnerMouth, s: number, t: number, top: number, bottom: number, out: Float64Array) {
  const width = fill.frame.mouthWidth;
  // Across: fixed to the face at the texture's own scale (teeth keep their size when the lips round or spread).
  let across = (s / width - texture.centre) / texture.span + 0.5;
  across = across < 0 ? 0 : across > 1 ? 1 : across;
  const column = across * texture.width;
  const at = min(texture.width - 1, max(0, column - 0.5));
  const c0 = floor(at);
  const c1 = min(texture.width - 1, c0 + 1);
  const gapPx = max(1, (texture.gap[c0]! + (texture.gap[c1]! - texture.gap[c0]!) * (at - c0)) * width);
  const fromTop = t - top;
  const fromBottom = bottom - t;
  const upper = fromTop <= fromBottom;
  // The upper teeth are fixed to the face: that half hangs from the source's upper lip (a lifted lip shows more of
  // them); the lower half rides on the lower lip, with the jaw.
  const fromTeeth = max(0, t - fill.sourceUpper.at(s));
  const into = (upper ? fromTeeth : fromBottom) - gapPx / 2;
  const row = upper ? min(0.5, fromTeeth / gapPx) : 1 - min(0.5, fromBottom / gapPx);
  const ty = row * texture.height;
  let y = samplePlane(texture.y, texture.width, texture.height, column, ty);
  let u = samplePlane(texture.u, texture.width, texture.height, column, ty);
  let v = samplePlane(texture.v, texture.width, texture.height, column, ty);
  if (into > 0) {
    const f = smoothstep(into / max(2, 0.06 * width));
    const dark = fill.dark!;
    y = mix(y, dark[0], f);
    u = mix(u, dark[1], f);
    v = mix(v, dark[2], f);
  }
  out[0] = (y * fill.light.skin) / 128;
  out[1] = u;
  out[2] = v;
}

/**
 * The two layers of the gap at point (`x`, `y`) of the target frame (luma pixel coordinates, in the head's unmoved
 * frame) into `out` (7 numbers): the inner mouth's y, u, v; the source's own y, u, v there; and how much of the
 * inner mouth shows (0..1; 1 wherever the source had nothing between its lips). 0..255, not rounded. The warp blurs
 * the inner mouth layer a little before putting the two together; fillColour puts them together as they are.
 */
export function gapLayers(fill: MouthFill, x: number, y: number, out: Float64Array) {
  const f = fill.frame;
  const dx = x - f.ox;
  const dy = y - f.oy;
  const s = dx * f.ex.x + dy * f.ex.y;
  const t = dx * f.ey.x + dy * f.ey.y;
  const top = fill.upper.at(s);
  const bottom = max(top, fill.lower.at(s));
  // How far into the gap from the nearer lip, and how far that is beyond what the source showed next to that lip.
  const fromTop = t - top;
  const fromBottom = bottom - t;
  const upper = fromTop <= fromBottom;
  const depth = upper ? fromTop : fromBottom;
  const sourceTop = fill.sourceUpper.at(s);
  const sourceHalf = max(0, fill.sourceLower.at(s) - sourceTop) / 2;
  const beyond = fill.own ? depth - sourceHalf : Infinity;
  if (fill.texture) textured(fill, fill.texture, s, t, top, bottom, out);
  else synthetic(fill, s, t, top, bottom, out);
  out[0] = out[0]! * fill.shade;
  out[6] = smoothstep(beyond / OWN_BLEND);
  if (!upper) {
    // A lower lip that rose (tucked under the upper teeth) hides its own inner edge behind them.
    const rise = sourceTop + 2 * sourceHalf - bottom;
    out[6] = max(out[6]!, smoothstep(rise / max(1, sourceHalf)));
  }
  if (fill.own && out[6] < 1) {
    // The source's own pixel at the same distance from the same lip (at most its gap's middle).
    const ts = upper ? sourceTop + min(depth, sourceHalf) : sourceTop + 2 * sourceHalf - min(depth, sourceHalf);
    const px = f.ox + s * f.ex.x + ts * f.ey.x;
    const py = f.oy + s * f.ex.y + ts * f.ey.y;
    const frame = fill.own;
    out[3] = samplePlane(frame.y, frame.width, frame.height, px, py);
    out[4] = chromaAt(frame.u, frame, px, py);
    out[5] = chromaAt(frame.v, frame, px, py);
  } else {
    out[3] = out[0]!;
    out[4] = out[1]!;
    out[5] = out[2]!;
  }
}

const layers = new Float64Array(7);

/** The gap's colour at point (`x`, `y`) (see gapLayers): y, u, v into `out`. */
export function fillColour(fill: MouthFill, x: number, y: number, out: Float64Array) {
  gapLayers(fill, x, y, layers);
  const k = layers[6]!;
  out[0] = mix(layers[3]!, layers[0]!, k);
  out[1] = mix(layers[4]!, layers[1]!, k);
  out[2] = mix(layers[5]!, layers[2]!, k);
}
