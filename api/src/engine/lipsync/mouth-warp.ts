// Animates the mouth of one raw yuv420p frame in place: a warp in mouth-aligned coordinates (the lower
// lip and jaw move down and fade out towards chin and neck, a lens-shaped gap opens between the lips
// with a dark cavity and a band of teeth, rounding squeezes the lips together). Nothing outside the
// mouth's region is touched.
import type { MouthShape } from './mouth-track';

// Module-local, as every lookup of a global (Math) inside a vm context (jest's) goes through an
// interceptor: the warp ran 25 times slower there.
const { abs, ceil, floor, hypot, max, min, round } = Math;

/** Where the mouth is in a frame: its centre, corner-to-corner width and roll, in pixels and radians. */
export type MouthPose = { cx: number; cy: number; width: number; angle: number };

export type YuvFrame = { width: number; height: number; y: Uint8Array; u: Uint8Array; v: Uint8Array };

/** The region the warp may change, in mouth widths: across, above the lip line, below it (jaw and chin). */
const REGION = { half: 1.0, above: 0.45, below: 1.3 };
/** The widest gap between the lips, in mouth widths. */
const MAX_GAP = 0.32;
/** Inside the mouth: a dark red cavity, and teeth (slightly in shadow) under the upper lip. */
const CAVITY = { y: 42, u: 122, v: 146 };
const TEETH = { y: 172, u: 127, v: 130 };
/** The gap's rims blend from lip to cavity over this many pixels. */
const RIM_PIXELS = 1.5;

/** The axis-aligned box (whole pixels, inside the frame) that holds the region, luma coordinates. */
export function warpBox(pose: MouthPose, frame: { width: number; height: number }) {
  const reach = pose.width * hypot(REGION.half, REGION.below);
  const x0 = max(0, floor(pose.cx - reach)) & ~1;
  const y0 = max(0, floor(pose.cy - reach)) & ~1;
  const x1 = min(frame.width, ceil(pose.cx + reach) + 2) & ~1;
  const y1 = min(frame.height, ceil(pose.cy + reach) + 2) & ~1;
  return { x0, y0, x1, y1 };
}

const smooth = (t: number) => (t <= 0 ? 0 : t >= 1 ? 1 : t * t * (3 - 2 * t));

/** Where a point takes its colour from (mouth coordinates), and how much of it is the inside of the mouth instead. */
type Source = { s: number; t: number; inside: number; teeth: number };

/**
 * For a point in mouth coordinates (s across, t down, in mouth widths): fills `out` with where its
 * colour comes from (same coordinates), how much of it is the inside of the mouth (`inside`, 0..1,
 * with `teeth` the share of teeth in that), and returns true; false outside the region. `pixel` is
 * one pixel in mouth widths. (`out` is reused across pixels: an object per pixel made the warp slow.)
 */
function sourceOf(s: number, t: number, open: number, round: number, pixel: number, out: Source): boolean {
  if (abs(s) > REGION.half || t < -REGION.above || t > REGION.below) return false;
  const across = 1 - smooth(abs(s) / REGION.half);
  const gap = MAX_GAP * open;
  // Half-width of the lens: the lips part across most of the mouth, less when rounded.
  const lens = 0.5 * (1 - 0.35 * round);
  const lensAt = abs(s) < lens ? 1 - (s / lens) ** 2 : 0;
  const gapHere = gap * lensAt;
  const upperLift = 0.12 * gapHere;
  if (t > -upperLift && t < gapHere - upperLift && gapHere > 0.004) {
    const u = (t + upperLift) / gapHere;
    // Soft rims (and so thin, lip-coloured corners); teeth along the upper lip, fading towards the corners.
    out.s = s;
    out.t = u < 0.5 ? -pixel / 2 : pixel / 2;
    out.inside = smooth(min(u, 1 - u) / min(0.5, (RIM_PIXELS * pixel) / gapHere));
    out.teeth = (1 - smooth((u - 0.18) / 0.16)) * (1 - smooth((abs(s) / lens - 0.5) / 0.4));
    return true;
  }
  // Below the lip line everything moves down by the gap, fading to nothing at the region's bottom; above it, a slight lift.
  const fadeDown = t >= 0 ? 1 - smooth(t / REGION.below) : 1 - smooth(-t / REGION.above);
  const shift = t >= 0 ? (gap * lensAt + gap * 0.6 * (1 - lensAt)) * across * fadeDown : -upperLift * fadeDown;
  // Rounding pulls the lips towards the centre.
  out.s = s * (1 + 0.22 * round * across * fadeDown);
  out.t = t - shift;
  out.inside = 0;
  out.teeth = 0;
  return true;
}

function sample(plane: Uint8Array, stride: number, rows: number, x: number, y: number): number {
  const cx = min(stride - 1.001, max(0, x));
  const cy = min(rows - 1.001, max(0, y));
  const x0 = floor(cx);
  const y0 = floor(cy);
  const fx = cx - x0;
  const fy = cy - y0;
  const i = y0 * stride + x0;
  const top = plane[i]! + (plane[i + 1]! - plane[i]!) * fx;
  const bottom = plane[i + stride]! + (plane[i + stride + 1]! - plane[i + stride]!) * fx;
  return top + (bottom - top) * fy;
}

/** Warps one plane (luma, or a chroma plane at half size with `scale` 2) from `source` into `target`. */
function warpPlane(
  source: Uint8Array,
  target: Uint8Array,
  stride: number,
  rows: number,
  scale: number,
  box: { x0: number; y0: number; x1: number; y1: number },
  pose: MouthPose,
  shape: MouthShape,
  fill: { cavity: number; teeth: number },
) {
  const pixel = scale / pose.width;
  const from: Source = { s: 0, t: 0, inside: 0, teeth: 0 };
  const cos = Math.cos(pose.angle);
  const sin = Math.sin(pose.angle);
  for (let py = box.y0 / scale; py < box.y1 / scale; py += 1) {
    for (let px = box.x0 / scale; px < box.x1 / scale; px += 1) {
      const dx = (px + 0.5) * scale - pose.cx;
      const dy = (py + 0.5) * scale - pose.cy;
      const s = (dx * cos + dy * sin) / pose.width;
      const t = (-dx * sin + dy * cos) / pose.width;
      if (!sourceOf(s, t, shape.open, shape.round, pixel, from)) continue;
      const sx = (from.s * cos - from.t * sin) * pose.width + pose.cx;
      const sy = (from.s * sin + from.t * cos) * pose.width + pose.cy;
      const lip = sample(source, stride, rows, sx / scale - 0.5, sy / scale - 0.5);
      if (from.inside === 0) {
        target[py * stride + px] = round(lip);
        continue;
      }
      const mouth = fill.teeth * from.teeth + fill.cavity * (1 - from.teeth);
      target[py * stride + px] = round(lip + (mouth - lip) * from.inside);
    }
  }
}

/**
 * Gives the frame's mouth `shape`. `original` is the unanimated frame (the loop's own); `frame`
 * receives the result and may be the same buffers only if the caller no longer needs the original.
 * A closed, unrounded shape changes nothing.
 */
export function warpMouth(original: YuvFrame, frame: YuvFrame, pose: MouthPose, shape: MouthShape) {
  if (shape.open <= 0.001 && shape.round <= 0.001) return;
  const box = warpBox(pose, original);
  warpPlane(original.y, frame.y, original.width, original.height, 1, box, pose, shape, { cavity: CAVITY.y, teeth: TEETH.y });
  const chromaWidth = original.width / 2;
  const chromaRows = original.height / 2;
  warpPlane(original.u, frame.u, chromaWidth, chromaRows, 2, box, pose, shape, { cavity: CAVITY.u, teeth: TEETH.u });
  warpPlane(original.v, frame.v, chromaWidth, chromaRows, 2, box, pose, shape, { cavity: CAVITY.v, teeth: TEETH.v });
}
