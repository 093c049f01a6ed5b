// The lip gap of a drawn frame: the inner mouth chosen (the source's own when its lips are open enough), and the gap's
// polygon filled with its colours where the head's motion put the lips, softened as a camera would see them.
import { innerMouthFromFrames, MIN_OPEN_GAP, type InnerMouth } from './inner-mouth';
import { gapLayers, type MouthFill } from './mouth-fill';
import { lipGap } from '../mesh/topology';
import type { Mesh } from '../face-shapes';
import type { YuvFrame } from './yuv';
import type { Motion } from './head-motion';
import * as numbers from '../numbers';

// Module-local, as every lookup of a global (Math) inside a vm context (jest's) goes through an interceptor; the
// helpers bound once, as a transpiled module's exports are getters, otherwise called on every use (per pixel here).
const { ceil, floor, max, min } = Math;
const { clampByte } = numbers;

/** The source's own inner mouth when its lips are open enough (the best match there is), else the one given. */
export function interiorFor(source: YuvFrame, sourceMesh: Mesh, given: InnerMouth | null) {
  const own = lipGap(sourceMesh);
  if (own < MIN_OPEN_GAP) return given;
  const givenGap = given ? given.gap[given.width >> 1]! : 0;
  if (given && own < 0.6 * givenGap) return given;
  return innerMouthFromFrames([{ yuv: source, mesh: sourceMesh }]) ?? given;
}

/**
 * Fills the output's lip gap (the polygon `polygon` of output points `out`, luma coordinates) in one plane or both
 * chroma planes with the inner mouth's colour, looked up where the pixel was before the head moved. The colours are
 * softened by a [1 2 1] blur first (a camera never resolves teeth edges to the pixel; drawn sharp they look pasted on).
 */
export function drawGap(
  dst: Uint8Array,
  dst2: Uint8Array | null,
  width: number,
  height: number,
  scale: number,
  out: Float64Array,
  polygon: readonly number[],
  fill: MouthFill,
  motion: Motion | null,
) {
  const inv = 1 / scale;
  const n = polygon.length;
  let left = Infinity;
  let right = -Infinity;
  let top = Infinity;
  let bottom = -Infinity;
  for (const index of polygon) {
    left = min(left, out[2 * index]! * inv);
    right = max(right, out[2 * index]! * inv);
    top = min(top, out[2 * index + 1]! * inv);
    bottom = max(bottom, out[2 * index + 1]! * inv);
  }
  const y0 = max(0, ceil(top - 0.5));
  const y1 = min(height - 1, floor(bottom - 0.5));
  if (y1 < y0) return;
  // The colours over the gap's box and one pixel around it (outside the gap they are the lips' rim colour).
  const bx0 = max(0, floor(left) - 1);
  const bx1 = min(width - 1, ceil(right) + 1);
  const by0 = max(0, y0 - 1);
  const by1 = min(height - 1, y1 + 1);
  const bw = bx1 - bx0 + 1;
  const bh = by1 - by0 + 1;
  const channels = dst2 ? 2 : 1;
  const first = dst2 ? 1 : 0;
  // The inner mouth (blurred below) and the source's own gap pixels with the inner mouth's share (kept sharp).
  const values = new Float64Array(bw * bh * channels);
  const own = new Float64Array(bw * bh * (channels + 1));
  const layers = new Float64Array(7);
  const r = motion?.region;
  for (let y = by0; y <= by1; y += 1) {
    for (let x = bx0; x <= bx1; x += 1) {
      let qx = (x + 0.5) * scale;
      let qy = (y + 0.5) * scale;
      if (motion && r) {
        // The rigid motion's inverse: p = pivot + R^T (q - pivot - t).
        const rx = qx - r.pivotX - motion.tx;
        const ry = qy - r.pivotY - motion.ty;
        qx = r.pivotX + motion.cos * rx + motion.sin * ry;
        qy = r.pivotY - motion.sin * rx + motion.cos * ry;
      }
      gapLayers(fill, qx, qy, layers);
      const k = (y - by0) * bw + (x - bx0);
      values[k * channels] = layers[first]!;
      own[k * (channels + 1)] = layers[3 + first]!;
      if (channels === 2) {
        values[k * channels + 1] = layers[2]!;
        own[k * (channels + 1) + 1] = layers[5]!;
      }
      own[k * (channels + 1) + channels] = layers[6]!;
    }
  }
  const blurred = blur121(values, bw, bh, channels);
  const crossings: number[] = [];
  for (let y = y0; y <= y1; y += 1) {
    const cy = y + 0.5;
    crossings.length = 0;
    for (let k = 0; k < n; k += 1) {
      const a = polygon[k]!;
      const b = polygon[(k + 1) % n]!;
      const ya = out[2 * a + 1]! * inv;
      const yb = out[2 * b + 1]! * inv;
      if (ya <= cy === yb <= cy) continue;
      const xa = out[2 * a]! * inv;
      crossings.push(xa + ((cy - ya) / (yb - ya)) * (out[2 * b]! * inv - xa));
    }
    crossings.sort((p, q) => p - q);
    for (let k = 0; k + 1 < crossings.length; k += 2) {
      const from = max(0, ceil(crossings[k]! - 0.5));
      const to = min(width - 1, floor(crossings[k + 1]! - 0.5));
      for (let x = from; x <= to; x += 1) {
        const k = (y - by0) * bw + (x - bx0);
        const share = own[k * (channels + 1) + channels]!;
        dst[y * width + x] = clampByte(own[k * (channels + 1)]! + (blurred[k * channels]! - own[k * (channels + 1)]!) * share);
        if (dst2) dst2[y * width + x] = clampByte(own[k * 3 + 1]! + (blurred[k * 2 + 1]! - own[k * 3 + 1]!) * share);
      }
    }
  }
}

/** A [1 2 1] x [1 2 1] / 16 blur of interleaved channels, edges repeated. */
function blur121(values: Float64Array, width: number, height: number, channels: number) {
  const across = new Float64Array(values.length);
  const out = new Float64Array(values.length);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const l = max(0, x - 1);
      const r = min(width - 1, x + 1);
      for (let c = 0; c < channels; c += 1) {
        const row = y * width;
        across[(row + x) * channels + c] =
          (values[(row + l) * channels + c]! + 2 * values[(row + x) * channels + c]! + values[(row + r) * channels + c]!) / 4;
      }
    }
  }
  for (let y = 0; y < height; y += 1) {
    const u = max(0, y - 1) * width;
    const d = min(height - 1, y + 1) * width;
    for (let x = 0; x < width; x += 1) {
      for (let c = 0; c < channels; c += 1) {
        out[(y * width + x) * channels + c] =
          (across[(u + x) * channels + c]! + 2 * across[(y * width + x) * channels + c]! + across[(d + x) * channels + c]!) / 4;
      }
    }
  }
  return out;
}
