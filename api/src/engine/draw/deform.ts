// Where the face mesh's points go in one frame: the jaw, lips and lids moved as the plan asks, in a frame of reference
// taken from the mesh itself (the mouth's axis for direction, the face's width and height for scale), so the same plan
// looks the same on any face size and any roll. Head motion is not applied here (warp.ts moves the whole head).
import { CHIN, LEFT_EYE, LIPS, RIGHT_EYE, faceHeight, faceWidth, mouthWidth } from '../mesh/topology';
import type { FramePlan, Mesh } from '../face-shapes';
import { clamp01, smoothstep } from '../numbers';

// Module-local, as every lookup of a global (Math) inside a vm context (jest's) is slow.
const { abs, max, min, pow, sqrt } = Math;

/** Subnasale, where the upper lip meets the nose: the jaw's pull fades to nothing at this height. */
const SUBNASALE = 2;
/** The upper lip's outer midpoint (top of the vermilion) and the lower lip's (bottom of the vermilion). */
const UPPER_LIP_TOP = 0;
const LOWER_LIP_BOTTOM = 17;

// ---- Jaw ----------------------------------------------------------------------------------------------------------
/**
 * How far the chin drops at `jaw` 1, as a share of the face's height (forehead top 10 to chin 152). A wide-open
 * talking jaw drops the chin by about 8-12 % of the face height; with the lower lip following the lower teeth and the
 * upper lip lifting a little, this opens the lips by about 35-40 % of the mouth's width, the most a talking mouth shows.
 */
const JAW_DROP = 0.1;
/**
 * The jaw turns about its hinge in front of the ears, so the chin, further from the hinge than the lower teeth, travels
 * further than the lower lip: about this much further at the chin's point (the lips' opening stays JAW_DROP's).
 */
const CHIN_LEVER = 1.4;
/**
 * The jaw's pull over the lower face, vertically: nothing at the nose's base (the hinge line's height, in front of
 * the ears), full at this share of the way from the nose's base to the chin (the soft chin below the lower lip moves
 * with the bone). In between, the cheeks stretch: the mouth's corners, a third of the way down, follow by about a third.
 */
const JAW_FULL_AT = 0.8;
/**
 * The jaw's pull across the face: the mandible rotates about a hinge behind the cheeks, so points near the hinge move
 * little. Full within this share of the face's width either side of the middle (the chin), falling to JAW_AT_ANGLE
 * at the face's sides (the jaw's angle below the ears) over JAW_SIDE_FADE face widths.
 */
const JAW_CHIN_HALF = 0.18;
const JAW_SIDE_FADE = 0.34;
const JAW_AT_ANGLE = 0.3;
/** The opening's shape across the mouth: the lip gap at a share `a` of the half-width from the middle, (1-a²)^this. */
const OPEN_PROFILE = 0.5;
/** The upper lip lifts by this share of the chin's drop as the mouth opens (the lower lip does most of the opening). */
const UPPER_LIFT = 0.12;
/** The lower face moves slightly back and in as the jaw swings down: lateral offsets shrink by this share at jaw 1. */
const JAW_NARROW = 0.04;

// ---- Lips ----------------------------------------------------------------------------------------------------------
/**
 * Rounding (o, u, w): the corners move in by this share of the mouth's half-width (so the mouth is about 24 % narrower),
 * the inner contour another ROUND_INNER of its offset (a smaller, rounder opening), and the lips grow ROUND_TALL
 * taller as they push forward.
 */
const ROUND_IN = 0.24;
const ROUND_INNER = 0.14;
const ROUND_TALL = 0.18;
/**
 * Spreading (i, e): the corners move out by this share of the half-width (about 12 % wider) and up by SPREAD_UP
 * half-widths, and the lips thin by SPREAD_THIN as they stretch.
 */
const SPREAD_OUT = 0.12;
const SPREAD_UP = 0.05;
const SPREAD_THIN = 0.2;
/** Pressing (m, b, p): the inner lips meet whatever the jaw asks, and both lips flatten by this share. */
const PRESS_THIN = 0.22;
/** Pressing shuts what gap the source frame had mostly from below (the jaw closes): the lower lip covers this share of it. */
const PRESS_LOWER_SHARE = 0.65;
/**
 * Tucking (f, v): the jaw closes most of the way (TUCK_JAW_CUT), the lower lip rolls up and in under the upper teeth
 * (its visible height shrinks by TUCK_ROLL), and the upper lip lifts by TUCK_LIFT mouth widths so that the edge of the
 * upper teeth shows above the lower lip.
 */
const TUCK_JAW_CUT = 0.8;
const TUCK_ROLL = 0.4;
const TUCK_LIFT = 0.07;
/**
 * How far the lips' own changes (rounding, spreading, thinning) reach: across, they fade out from the corner to
 * LIP_REACH_ACROSS half-widths beyond it; up and down, to LIP_REACH_DOWN half-widths from the lip line; a lip's
 * thickness changes fade out over LIP_BAND_FADE of its own height beyond it.
 */
const LIP_REACH_ACROSS = 1.3;
const LIP_REACH_DOWN = 1.3;
const LIP_BAND_FADE = 1.5;

// ---- Lids ----------------------------------------------------------------------------------------------------------
/**
 * In a blink the lids meet this share of the way down from the upper lid's edge to the lower one's: the upper lid does
 * nearly all of it, and the closed lid line sits a little below the mesh's lower lid (more than 1, pushing the lower
 * lid's points down a little), because the mesh's lid points often sit a pixel inside the real lid margin and the
 * iris would show below them otherwise.
 */
const BLINK_MEET = 1.25;
/**
 * The skin above the upper lid follows it by this share (the lid's skin unfolds from under the brow), and the row
 * below the lower lid follows that one by BLINK_LOWER_RING, so a closed eye is covered by lid skin from a band wider
 * than the thin lid margin (and the strip under the lower lid is squeezed rather than stretched).
 */
const BLINK_UPPER_RING = 0.45;
const BLINK_LOWER_RING = 0.15;
/**
 * The row of mesh points just above each upper lid and below each lower lid (human's `*EyeUpper1` and `*EyeLower1`),
 * aligned with the lid points between the corners (topology's `upperLid`/`lowerLid` without their ends). Not in
 * topology.ts: only the blink uses them.
 */
const LID_RINGS = [
  { eye: RIGHT_EYE, upper: [247, 30, 29, 27, 28, 56, 190], lower: [25, 110, 24, 23, 22, 26, 112] },
  { eye: LEFT_EYE, upper: [414, 286, 258, 257, 259, 260, 467], lower: [341, 256, 252, 253, 254, 339, 255] },
];

/**
 * A face-aligned frame of reference: origin between the mouth's outer corners, `ex` along the mouth (image-left
 * corner to image-right corner), `ey` at right angles pointing down the face; sizes in pixels.
 */
export type MouthFrame = {
  ox: number;
  oy: number;
  ex: { x: number; y: number };
  ey: { x: number; y: number };
  /** Face width (topology's faceWidth), face height (forehead top to chin), mouth width (outer corners). */
  faceWidth: number;
  faceHeight: number;
  mouthWidth: number;
};

export function mouthFrame(mesh: Mesh): MouthFrame {
  const [left, right] = LIPS.corners;
  const ax = mesh[2 * right]! - mesh[2 * left]!;
  const ay = mesh[2 * right + 1]! - mesh[2 * left + 1]!;
  const length = sqrt(ax * ax + ay * ay) || 1;
  const ex = { x: ax / length, y: ay / length };
  return {
    ox: (mesh[2 * left]! + mesh[2 * right]!) / 2,
    oy: (mesh[2 * left + 1]! + mesh[2 * right + 1]!) / 2,
    ex,
    ey: { x: -ex.y, y: ex.x },
    faceWidth: faceWidth(mesh),
    faceHeight: faceHeight(mesh),
    mouthWidth: mouthWidth(mesh),
  };
}

/** The mesh's points in a frame's coordinates: `s` along the mouth, `t` down the face (pixels). */
export function toFrame(mesh: Mesh, frame: MouthFrame) {
  const n = mesh.length / 2;
  const s = new Float64Array(n);
  const t = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    const dx = mesh[2 * i]! - frame.ox;
    const dy = mesh[2 * i + 1]! - frame.oy;
    s[i] = dx * frame.ex.x + dy * frame.ex.y;
    t[i] = dx * frame.ey.x + dy * frame.ey.y;
  }
  return { s, t };
}

/**
 * A lip contour (corner to corner) as a function of `s`: `t` interpolated between its points, held at the corners'
 * values beyond them. Points are sorted by `s` first, in case the model folded one back.
 */
export class Contour {
  readonly s: Float64Array;
  readonly t: Float64Array;
  constructor(indices: readonly number[], s: Float64Array, t: Float64Array) {
    const order = indices.map((index) => [s[index]!, t[index]!] as const).sort((a, b) => a[0] - b[0]);
    this.s = Float64Array.from(order, (p) => p[0]);
    this.t = Float64Array.from(order, (p) => p[1]);
  }
  at(s: number): number {
    const xs = this.s;
    const n = xs.length;
    if (s <= xs[0]!) return this.t[0]!;
    if (s >= xs[n - 1]!) return this.t[n - 1]!;
    let k = 1;
    while (xs[k]! < s) k += 1;
    const span = xs[k]! - xs[k - 1]!;
    const f = span > 0 ? (s - xs[k - 1]!) / span : 0;
    return this.t[k - 1]! + (this.t[k]! - this.t[k - 1]!) * f;
  }
}

/** Where the lips meet (outer, inner and the opening's corners): they move halfway between the two lips. */
const CORNERS = new Set<number>([...LIPS.corners, ...LIPS.innerCorners, ...LIPS.ringCorners]);
/** The points of each lip, by the mesh's topology (the corners belong to neither). */
const UPPER_LIP = new Set<number>([...LIPS.outerUpper, ...LIPS.innerUpper, ...LIPS.upperRings].filter((i) => !CORNERS.has(i)));
const LOWER_LIP = new Set<number>([...LIPS.outerLower, ...LIPS.innerLower, ...LIPS.lowerRings].filter((i) => !CORNERS.has(i)));
const INNER_LIP = new Set<number>([...LIPS.innerUpper, ...LIPS.innerLower]);

/** True when a plan leaves the mesh as it is. */
export function isRest(plan: FramePlan) {
  const a = plan.articulation;
  return a.jaw <= 0 && a.round <= 0 && a.spread <= 0 && a.press <= 0 && a.tuck <= 0 && plan.blink <= 0;
}

/**
 * The target mesh for one frame: `mesh` (the source frame's) with the jaw, lips and lids moved as `plan` asks. Same
 * layout as the input (the iris points are kept as they are). `plan.head` is ignored here: warp.ts moves the head.
 */
export function deformMesh(mesh: Mesh, plan: FramePlan): Mesh {
  const out = new Float32Array(mesh);
  if (isRest(plan)) return out;
  const frame = mouthFrame(mesh);
  const { s, t } = toFrame(mesh, frame);
  const n = min(s.length, 468);
  const a = plan.articulation;
  const jaw = clamp01(a.jaw);
  const round = clamp01(a.round);
  const spread = clamp01(a.spread);
  const press = clamp01(a.press);
  const tuck = clamp01(a.tuck);

  const upperInner = new Contour(LIPS.innerUpper, s, t);
  const lowerInner = new Contour(LIPS.innerLower, s, t);
  const [leftInner, rightInner] = LIPS.innerCorners;
  const sMid = (s[leftInner]! + s[rightInner]!) / 2;
  const half = max(1, frame.mouthWidth / 2);
  const lineAtMid = (upperInner.at(sMid) + lowerInner.at(sMid)) / 2;
  const tNose = min(t[SUBNASALE]!, lineAtMid - 0.3 * half);
  const tChin = max(t[CHIN]!, lineAtMid + 0.5 * half);
  const upperThick = max(0.1 * half, lineAtMid - t[UPPER_LIP_TOP]!);
  const lowerThick = max(0.1 * half, t[LOWER_LIP_BOTTOM]! - lineAtMid);

  // The chin's drop in pixels, less when the lips press or tuck (those close the jaw).
  const jawShare = jaw * (1 - press) * (1 - TUCK_JAW_CUT * tuck);
  const drop = jawShare * JAW_DROP * frame.faceHeight;
  const faceW = frame.faceWidth;

  const ds = new Float64Array(n);
  const dt = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    const si = s[i]!;
    const ti = t[i]!;
    const across = abs(si - sMid);
    const side = si < sMid ? -1 : 1;
    const tu = upperInner.at(si);
    const tl = lowerInner.at(si);
    const line = (tu + tl) / 2;
    const halfGap = max(0, (tl - tu) / 2);
    const lower = LOWER_LIP.has(i) ? true : UPPER_LIP.has(i) ? false : ti > line;
    const sign = lower ? 1 : -1;
    const rel = ti - line;
    const beyondInner = max(0, abs(rel) - halfGap);
    const aOut = across / half;
    const open = aOut < 1 ? pow(1 - aOut * aOut, OPEN_PROFILE) : 0;

    // Jaw: a share of the chin's drop, growing down the face and towards the middle.
    const down = smoothstep(clamp01((ti - tNose) / (tChin - tNose)) / JAW_FULL_AT);
    const lateral = 1 - (1 - JAW_AT_ANGLE) * smoothstep((across - JAW_CHIN_HALF * faceW) / (JAW_SIDE_FADE * faceW));
    const followUpper = down * (1 - open);
    const followLower = max(down, open);
    const corner = CORNERS.has(i);
    const follow = lateral * (corner ? (followUpper + followLower) / 2 : lower ? followLower : followUpper);
    let dS = -JAW_NARROW * jawShare * follow * (si - sMid);
    // Below the lower lip the drop grows to CHIN_LEVER times the lip's at the chin.
    const lever = lower ? 1 + (CHIN_LEVER - 1) * smoothstep((ti - tl - lowerThick) / max(1, tChin - tl - lowerThick)) : 1;
    let dT = drop * follow * lever;
    // Above the lips, the upper lip's lift fades out towards the nose.
    const lift = lower && !corner ? 0 : (1 - smoothstep((line - ti) / (line - tNose))) * open * (corner ? 0.5 : 1);
    dT -= UPPER_LIFT * drop * lift;

    // The lips' own shapes, fading out around the mouth.
    const thick = lower ? lowerThick : upperThick;
    const band = 1 - smoothstep((beyondInner - thick) / (LIP_BAND_FADE * thick));
    const body = min(beyondInner, thick) * band * (1 - smoothstep((aOut - 0.9) / 0.4));
    const reach = (1 - smoothstep(abs(rel) / (LIP_REACH_DOWN * half))) * (aOut <= 1 ? 1 : 1 - smoothstep((aOut - 1) / LIP_REACH_ACROSS));
    const alongProfile = aOut <= 1 ? aOut : 1;
    const cornerProfile = aOut <= 1 ? aOut * aOut : 1;

    if (round > 0) {
      dS -= side * ROUND_IN * round * half * alongProfile * reach;
      if (INNER_LIP.has(i)) dS -= ROUND_INNER * round * (si - sMid);
      dT += sign * ROUND_TALL * round * body;
    }
    if (spread > 0) {
      dS += side * SPREAD_OUT * spread * half * alongProfile * reach;
      dT -= SPREAD_UP * spread * half * cornerProfile * reach;
      dT -= sign * SPREAD_THIN * spread * body;
    }
    if (press > 0) {
      // Both lips close the gap the source frame had (the jaw's is already cut), then flatten.
      dT -= sign * press * 2 * halfGap * band * (lower ? PRESS_LOWER_SHARE : 1 - PRESS_LOWER_SHARE);
      dT -= sign * PRESS_THIN * press * body;
    }
    if (tuck > 0) {
      if (lower) {
        dT -= tuck * halfGap * band;
        dT -= TUCK_ROLL * tuck * body;
      } else {
        dT -= TUCK_LIFT * tuck * frame.mouthWidth * open * (1 - smoothstep((line - ti) / (line - tNose)));
      }
    }
    ds[i] = dS;
    dt[i] = dT;
  }

  const ns = new Float64Array(n);
  const nt = new Float64Array(n);
  for (let i = 0; i < n; i += 1) {
    ns[i] = s[i]! + ds[i]!;
    nt[i] = t[i]! + dt[i]!;
  }
  // The lips never cross: where the lower inner lip would rise above the upper one, both go to their middle.
  for (let k = 1; k < LIPS.innerUpper.length - 1; k += 1) {
    const u = LIPS.innerUpper[k]!;
    const l = LIPS.innerLower[k]!;
    if (nt[l]! < nt[u]!) {
      const mid = (nt[l]! + nt[u]!) / 2;
      nt[l] = mid;
      nt[u] = mid;
    }
  }

  const blink = clamp01(plan.blink);
  if (blink > 0) {
    for (const { eye, upper, lower } of LID_RINGS) {
      for (let k = 1; k < eye.upperLid.length - 1; k += 1) {
        const u = eye.upperLid[k]!;
        const l = eye.lowerLid[k]!;
        const meetS = ns[u]! + BLINK_MEET * (ns[l]! - ns[u]!);
        const meetT = nt[u]! + BLINK_MEET * (nt[l]! - nt[u]!);
        const upS = blink * (meetS - ns[u]!);
        const upT = blink * (meetT - nt[u]!);
        const lowS = blink * (meetS - ns[l]!);
        const lowT = blink * (meetT - nt[l]!);
        ns[u] = ns[u]! + upS;
        nt[u] = nt[u]! + upT;
        ns[l] = ns[l]! + lowS;
        nt[l] = nt[l]! + lowT;
        const ringUp = upper[k - 1]!;
        const ringLow = lower[k - 1]!;
        ns[ringUp] = ns[ringUp]! + BLINK_UPPER_RING * upS;
        nt[ringUp] = nt[ringUp]! + BLINK_UPPER_RING * upT;
        ns[ringLow] = ns[ringLow]! + BLINK_LOWER_RING * lowS;
        nt[ringLow] = nt[ringLow]! + BLINK_LOWER_RING * lowT;
      }
    }
  }

  const { ex, ey } = frame;
  for (let i = 0; i < n; i += 1) {
    const dS = ns[i]! - s[i]!;
    const dT = nt[i]! - t[i]!;
    if (dS === 0 && dT === 0) continue;
    out[2 * i] = mesh[2 * i]! + dS * ex.x + dT * ey.x;
    out[2 * i + 1] = mesh[2 * i + 1]! + dS * ex.y + dT * ey.y;
  }
  return out;
}
