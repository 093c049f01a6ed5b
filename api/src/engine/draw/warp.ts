// Renders one output frame from its source frame: the face mesh's triangles warped from where they are in the source
// to where deform.ts put them (piecewise-affine, bilinear sampling), the lip gap filled with the inner mouth, and the
// whole head moved by the frame's head motion, fading out over a margin around it. Pixels no triangle, gap or head
// motion reaches are copied as they are.
//
// Pure inputs to output, no module state, so a frame can be rendered in a worker thread from transferred
// buffers (renderFaceJob).
import { gapLayers, innerMouthFromFrames, MIN_OPEN_GAP, mouthFill, type InnerMouth, type MouthFill } from './inner-mouth';
import { CHIN, FACE_OVAL, FOREHEAD_TOP, LIPS, TRIANGLES, faceHeight, faceWidth, lipGap, roll } from '../mesh/topology';
import type { FramePlan, Mesh } from '../face-shapes';
import { yuvFrameOf, type YuvFrame } from './yuv';
import * as numbers from '../numbers';

// Module-local, as every lookup of a global (Math) inside a vm context (jest's) goes through an interceptor; the
// helpers bound once, as a transpiled module's exports are getters, otherwise called on every use (per pixel here).
const { abs, ceil, cos, floor, max, min, round, sin, sqrt } = Math;
const { clampByte, smoothstep } = numbers;

/** The mesh's own points (the iris points are not in the triangulation). */
const MESH_VERTICES = 468;

/**
 * A ring of fixed points around the face's outline, one per outline point, pushed out from the face's middle by
 * RING_OUT of its distance (RING_OUT + RING_OUT_DOWN below the face, where the chin drops): triangles between the
 * outline and the ring let the jaw line move over the neck and background by stretching them smoothly instead of
 * tearing at the outline.
 */
const RING_OUT = 1.2;
const RING_OUT_DOWN = 0.4;
const VERTICES = MESH_VERTICES + FACE_OVAL.length;

/**
 * The triangles warped: the mesh's 880 but the six around the inner corners (inside the opening as drawn, topology's
 * `openingUpper`/`openingLower`), and two per outline segment out to the ring.
 */
const WARP_TRIANGLES = (() => {
  const inOpening = (k: number) => [0, 1, 2].some((j) => (LIPS.innerCorners as readonly number[]).includes(TRIANGLES[k + j]!));
  const face: number[] = [];
  for (let k = 0; k < TRIANGLES.length; k += 3) if (!inOpening(k)) face.push(TRIANGLES[k]!, TRIANGLES[k + 1]!, TRIANGLES[k + 2]!);
  const ring: number[] = [];
  const n = FACE_OVAL.length;
  for (let k = 0; k < n; k += 1) {
    const a = FACE_OVAL[k]!;
    const b = FACE_OVAL[(k + 1) % n]!;
    const outA = MESH_VERTICES + k;
    const outB = MESH_VERTICES + ((k + 1) % n);
    ring.push(a, b, outB, a, outB, outA);
  }
  return Uint16Array.from([...face, ...ring]);
})();
const TRIANGLE_COUNT = WARP_TRIANGLES.length / 3;

/** A point moved less than this (pixels) counts as still. */
const MOVED = 1e-3;

/** The opening as a closed polygon: upper from corner to corner, lower back. */
const INNER_LIP_POLYGON = [...LIPS.openingUpper, ...LIPS.openingLower.slice(1, -1).reverse()];
const INNER_LIP_POINTS: readonly number[] = [...LIPS.openingUpper, ...LIPS.openingLower, ...LIPS.innerCorners];

// ---- The head ------------------------------------------------------------------------------------------------------
/**
 * The head, for head motion: an ellipse aligned with the face (its roll), from HEAD_ABOVE face heights above the top
 * of the forehead (10; the hair) to HEAD_BELOW below the chin (the top of the neck), HEAD_WIDEN times as wide as the
 * face's outline (ears, hair). It moves rigidly; outside it the motion fades to nothing over HEAD_MARGIN face widths
 * (smoothstep, so no seam), and beyond that margin nothing moves. The head turns (roll) about a pivot in the neck,
 * NECK_PIVOT face heights below the chin.
 */
const HEAD_ABOVE = 0.45;
const HEAD_BELOW = 0.32;
const HEAD_WIDEN = 1.3;
const HEAD_MARGIN = 0.4;
const NECK_PIVOT = 0.35;
/** The head motion's inverse is computed on a grid this coarse (pixels) and interpolated: it is smooth. */
const FIELD_STEP = 8;

type HeadRegion = {
  /** The ellipse's centre, its unit axes (across the face, down the face) and semi-axes; pixels. */
  cx: number;
  cy: number;
  ux: number;
  uy: number;
  vx: number;
  vy: number;
  ax: number;
  ay: number;
  /** How far beyond the ellipse the motion fades out (pixels). */
  margin: number;
  pivotX: number;
  pivotY: number;
  faceWidth: number;
  /** The box (pixels, not clipped to the frame) outside which head motion changes nothing: the ellipse plus margin. */
  box: { x0: number; y0: number; x1: number; y1: number };
};

export function headRegion(mesh: Mesh): HeadRegion {
  const angle = roll(mesh);
  const ux = cos(angle);
  const uy = sin(angle);
  const vx = -uy;
  const vy = ux;
  let sMin = Infinity;
  let sMax = -Infinity;
  for (const index of FACE_OVAL) {
    const s = mesh[2 * index]! * ux + mesh[2 * index + 1]! * uy;
    sMin = min(sMin, s);
    sMax = max(sMax, s);
  }
  const height = faceHeight(mesh);
  const width = faceWidth(mesh);
  const along = (index: number) => mesh[2 * index]! * vx + mesh[2 * index + 1]! * vy;
  const top = along(FOREHEAD_TOP) - HEAD_ABOVE * height;
  const chin = along(CHIN);
  const bottom = chin + HEAD_BELOW * height;
  const sc = (sMin + sMax) / 2;
  const tc = (top + bottom) / 2;
  const ax = ((sMax - sMin) / 2) * HEAD_WIDEN;
  const ay = (bottom - top) / 2;
  const margin = HEAD_MARGIN * width;
  const cx = sc * ux + tc * vx;
  const cy = sc * uy + tc * vy;
  const tp = chin + NECK_PIVOT * height;
  const outerA = ax + margin;
  const outerB = ay + margin;
  const hx = sqrt((outerA * ux) ** 2 + (outerB * vx) ** 2);
  const hy = sqrt((outerA * uy) ** 2 + (outerB * vy) ** 2);
  return {
    cx,
    cy,
    ux,
    uy,
    vx,
    vy,
    ax,
    ay,
    margin,
    pivotX: sc * ux + tp * vx,
    pivotY: sc * uy + tp * vy,
    faceWidth: width,
    box: { x0: cx - hx, y0: cy - hy, x1: cx + hx, y1: cy + hy },
  };
}

/** How much of the head's motion a point follows: 1 inside the head, fading to 0 at the margin's outer edge. */
function headWeight(r: HeadRegion, x: number, y: number) {
  const dx = x - r.cx;
  const dy = y - r.cy;
  const s = dx * r.ux + dy * r.uy;
  const t = dx * r.vx + dy * r.vy;
  const inner = (s / r.ax) ** 2 + (t / r.ay) ** 2;
  if (inner <= 1) return 1;
  const outer = (s / (r.ax + r.margin)) ** 2 + (t / (r.ay + r.margin)) ** 2;
  if (outer >= 1) return 0;
  const ri = sqrt(inner);
  const ro = sqrt(outer);
  // The share of the way from the inner ellipse to the outer one along the ray from the centre.
  return 1 - smoothstep((ro * (ri - 1)) / (ri - ro));
}

/** The head motion's inverse on a grid: at each node q, the offset to the source point p that moves to q. */
type HeadField = {
  region: HeadRegion;
  x0: number;
  y0: number;
  columns: number;
  rows: number;
  /** The offsets at the grid's nodes, in 1/256 pixels. */
  dx: Int32Array;
  dy: Int32Array;
};

function headField(region: HeadRegion, plan: FramePlan, width: number, height: number): HeadField | null {
  const { dx, dy, roll: angle } = plan.head;
  if (abs(dx) < 1e-9 && abs(dy) < 1e-9 && abs(angle) < 1e-9) return null;
  const c = cos(angle);
  const s = sin(angle);
  const tx = dx * region.faceWidth;
  const ty = dy * region.faceWidth;
  const x0 = max(0, floor(region.box.x0 / FIELD_STEP) * FIELD_STEP);
  const y0 = max(0, floor(region.box.y0 / FIELD_STEP) * FIELD_STEP);
  const x1 = min(width, region.box.x1);
  const y1 = min(height, region.box.y1);
  if (x1 <= x0 || y1 <= y0) return null;
  const columns = ceil((x1 - x0) / FIELD_STEP) + 2;
  const rows = ceil((y1 - y0) / FIELD_STEP) + 2;
  const fx = new Int32Array(columns * rows);
  const fy = new Int32Array(columns * rows);
  const { pivotX, pivotY } = region;
  for (let j = 0; j < rows; j += 1) {
    const qy = y0 + j * FIELD_STEP;
    for (let i = 0; i < columns; i += 1) {
      const qx = x0 + i * FIELD_STEP;
      // Inside the head the motion is rigid: p = pivot + R^T (q - pivot - t), exactly, when that p is inside.
      const rx = qx - pivotX - tx;
      const ry = qy - pivotY - ty;
      let px = pivotX + c * rx + s * ry;
      let py = pivotY - s * rx + c * ry;
      if (headWeight(region, px, py) === 1) {
        fx[j * columns + i] = round((px - qx) * 256);
        fy[j * columns + i] = round((py - qy) * 256);
        continue;
      }
      // Elsewhere, fixed-point iteration p = q - δ(p), δ(p) = w(p) (T(p) - p) with T the head's rigid motion.
      px = qx;
      py = qy;
      for (let k = 0; k < 4; k += 1) {
        const w = headWeight(region, px, py);
        if (w === 0) break;
        const rx = px - pivotX;
        const ry = py - pivotY;
        const mx = pivotX + c * rx - s * ry + tx - px;
        const my = pivotY + s * rx + c * ry + ty - py;
        px = qx - w * mx;
        py = qy - w * my;
      }
      fx[j * columns + i] = round((px - qx) * 256);
      fy[j * columns + i] = round((py - qy) * 256);
    }
  }
  return { region, x0, y0, columns, rows, dx: fx, dy: fy };
}

/**
 * Where the head's outer ellipse (head plus margin) crosses the horizontal line at `y` (luma pixels): writes the
 * x range into `span` and returns true, or false when the line misses it.
 */
function outerSpan(r: HeadRegion, y: number, span: Float64Array) {
  const A = r.ax + r.margin;
  const B = r.ay + r.margin;
  const Y = y - r.cy;
  const a = (r.ux * r.ux) / (A * A) + (r.vx * r.vx) / (B * B);
  const b = 2 * Y * ((r.ux * r.uy) / (A * A) + (r.vx * r.vy) / (B * B));
  const c = Y * Y * ((r.uy * r.uy) / (A * A) + (r.vy * r.vy) / (B * B)) - 1;
  const disc = b * b - 4 * a * c;
  if (disc <= 0) return false;
  const root = sqrt(disc);
  span[0] = r.cx + (-b - root) / (2 * a);
  span[1] = r.cx + (-b + root) / (2 * a);
  return true;
}

// ---- The mesh ------------------------------------------------------------------------------------------------------
/** The warp's vertices: the mesh's 468 points, then the fixed ring (from the source mesh, so the same in both). */
function warpVertices(mesh: Mesh, ring: Float64Array) {
  const v = new Float64Array(2 * VERTICES);
  for (let i = 0; i < 2 * MESH_VERTICES; i += 1) v[i] = mesh[i]!;
  v.set(ring, 2 * MESH_VERTICES);
  return v;
}

function outlineRing(mesh: Mesh, width: number, height: number) {
  const angle = roll(mesh);
  const downX = -sin(angle);
  const downY = cos(angle);
  let cx = 0;
  let cy = 0;
  for (const index of FACE_OVAL) {
    cx += mesh[2 * index]!;
    cy += mesh[2 * index + 1]!;
  }
  cx /= FACE_OVAL.length;
  cy /= FACE_OVAL.length;
  const ring = new Float64Array(2 * FACE_OVAL.length);
  FACE_OVAL.forEach((index, k) => {
    const dx = mesh[2 * index]! - cx;
    const dy = mesh[2 * index + 1]! - cy;
    const length = sqrt(dx * dx + dy * dy) || 1;
    const scale = RING_OUT + RING_OUT_DOWN * max(0, (dx * downX + dy * downY) / length);
    ring[2 * k] = min(width, max(0, cx + dx * scale));
    ring[2 * k + 1] = min(height, max(0, cy + dy * scale));
  });
  return ring;
}

/** Per triangle, the affine map from target to source pixels: sx = a x + b y + c, sy = d x + e y + f. */
function affineOf(target: Float64Array, source: Float64Array, a: number, b: number, c: number, out: Float64Array, k: number) {
  const x0 = target[2 * a]!;
  const y0 = target[2 * a + 1]!;
  const x1 = target[2 * b]! - x0;
  const y1 = target[2 * b + 1]! - y0;
  const x2 = target[2 * c]! - x0;
  const y2 = target[2 * c + 1]! - y0;
  const det = x1 * y2 - x2 * y1;
  if (abs(det) < 1e-9) {
    out.fill(0, k, k + 6);
    out[k] = 1;
    out[k + 4] = 1;
    return;
  }
  const u0 = source[2 * a]!;
  const v0 = source[2 * a + 1]!;
  const u1 = source[2 * b]! - u0;
  const v1 = source[2 * b + 1]! - v0;
  const u2 = source[2 * c]! - u0;
  const v2 = source[2 * c + 1]! - v0;
  const A = (u1 * y2 - u2 * y1) / det;
  const B = (u2 * x1 - u1 * x2) / det;
  const D = (v1 * y2 - v2 * y1) / det;
  const E = (v2 * x1 - v1 * x2) / det;
  out[k] = A;
  out[k + 1] = B;
  out[k + 2] = u0 - A * x0 - B * y0;
  out[k + 3] = D;
  out[k + 4] = E;
  out[k + 5] = v0 - D * x0 - E * y0;
}

/** The source's own inner mouth when its lips are open enough (the best match there is), else the one given. */
function interiorFor(source: YuvFrame, sourceMesh: Mesh, given: InnerMouth | null) {
  const own = lipGap(sourceMesh);
  if (own < MIN_OPEN_GAP) return given;
  const givenGap = given ? given.gap[given.width >> 1]! : 0;
  if (given && own < 0.6 * givenGap) return given;
  return innerMouthFromFrames([{ yuv: source, mesh: sourceMesh }]) ?? given;
}

// Sampling runs in fixed point (1/256 pixel, 8-bit weights): about three times as fast as in floating point here, and
// the head's motion makes it run for every pixel of the head.

/**
 * The head-moved pixels of one luma row segment: bilinear samples at q + field(q). `base` is the row's y in 1/256
 * pixels, `rdx`/`rdy` the field along the row at the grid's columns (1/256 pixels, a column every FIELD_STEP pixels
 * from `x0`). Within a grid cell the field is linear, so the sample point advances by a constant step: kept in 1/4096
 * pixels so that the steps are exact integers.
 */
function shiftLuma(
  src: Uint8Array,
  dst: Uint8Array,
  width: number,
  limits: Int32Array,
  row: number,
  base: number,
  from: number,
  to: number,
  x0: number,
  rdx: Int32Array,
  rdy: Int32Array,
) {
  const maxX = limits[0]!;
  const maxY = limits[1]!;
  let x = from;
  while (x < to) {
    const c = (x - x0) >> 3;
    const end = min(to, x0 + 8 * (c + 1));
    const k = (x - x0) & 7;
    const ddx = rdx[c + 1]! - rdx[c]!;
    const ddy = rdy[c + 1]! - rdy[c]!;
    // At pixel k of the cell the field is rdx[c] + ddx (2k + 1) / 16 (pixel centres at (2k + 1) / 16 of the cell).
    let fx = (x << 12) + (rdx[c]! << 4) + ddx * (2 * k + 1);
    let fy = (base << 4) + (rdy[c]! << 4) + ddy * (2 * k + 1);
    const stepX = 4096 + 2 * ddx;
    const stepY = 2 * ddy;
    for (; x < end; x += 1) {
      let sx = fx >> 4;
      let sy = fy >> 4;
      fx += stepX;
      fy += stepY;
      sx = sx < 0 ? 0 : sx > maxX ? maxX : sx;
      sy = sy < 0 ? 0 : sy > maxY ? maxY : sy;
      const ax = sx & 255;
      const ay = sy & 255;
      const at = (sy >> 8) * width + (sx >> 8);
      const a = src[at]!;
      const top = (a << 8) + (src[at + 1]! - a) * ax;
      const c0 = src[at + width]!;
      const bottom = (c0 << 8) + (src[at + width + 1]! - c0) * ax;
      dst[row + x] = ((top << 8) + (bottom - top) * ay + 32768) >> 16;
    }
  }
}

/** The same for a row segment of both chroma planes (half size; the field is in luma pixels, 4 chroma pixels a cell). */
function shiftChroma(
  srcU: Uint8Array,
  dstU: Uint8Array,
  srcV: Uint8Array,
  dstV: Uint8Array,
  width: number,
  limits: Int32Array,
  row: number,
  base: number,
  from: number,
  to: number,
  x0: number,
  rdx: Int32Array,
  rdy: Int32Array,
) {
  const maxX = limits[0]!;
  const maxY = limits[1]!;
  let x = from;
  while (x < to) {
    // Chroma pixel x's centre is luma 2x + 1: (4x + 2 - 2 x0) / 16 of a cell from x0.
    const n = 4 * x + 2 - 2 * x0;
    const c = n >> 4;
    const f = n & 15;
    const end = min(to, (x0 + 8 * (c + 1)) >> 1);
    const ddx = rdx[c + 1]! - rdx[c]!;
    const ddy = rdy[c + 1]! - rdy[c]!;
    // In 1/8192 chroma pixels: the position, plus half the luma field (1/4096 luma pixels).
    let fx = (x << 13) + (rdx[c]! << 4) + ddx * f;
    let fy = (base << 5) + (rdy[c]! << 4) + ddy * f;
    const stepX = 8192 + 4 * ddx;
    const stepY = 4 * ddy;
    for (; x < end; x += 1) {
      let sx = fx >> 5;
      let sy = fy >> 5;
      fx += stepX;
      fy += stepY;
      sx = sx < 0 ? 0 : sx > maxX ? maxX : sx;
      sy = sy < 0 ? 0 : sy > maxY ? maxY : sy;
      const ax = sx & 255;
      const ay = sy & 255;
      const at = (sy >> 8) * width + (sx >> 8);
      let a = srcU[at]!;
      let top = (a << 8) + (srcU[at + 1]! - a) * ax;
      let c0 = srcU[at + width]!;
      let bottom = (c0 << 8) + (srcU[at + width + 1]! - c0) * ax;
      dstU[row + x] = ((top << 8) + (bottom - top) * ay + 32768) >> 16;
      a = srcV[at]!;
      top = (a << 8) + (srcV[at + 1]! - a) * ax;
      c0 = srcV[at + width]!;
      bottom = (c0 << 8) + (srcV[at + width + 1]! - c0) * ax;
      dstV[row + x] = ((top << 8) + (bottom - top) * ay + 32768) >> 16;
    }
  }
}

/** Every pixel of the head and its margin, moved by the head's motion (one plane, or both chroma planes). */
function shiftHead(
  src: Uint8Array,
  dst: Uint8Array,
  src2: Uint8Array | null,
  dst2: Uint8Array | null,
  width: number,
  height: number,
  scale: number,
  field: HeadField,
) {
  const inv = 1 / scale;
  const columns = field.columns;
  const rowDx = new Int32Array(columns);
  const rowDy = new Int32Array(columns);
  const span = new Float64Array(2);
  const limits = Int32Array.of((width - 1) * 256 - 1, (height - 1) * 256 - 1);
  const y0 = max(0, floor(field.region.box.y0 * inv));
  const y1 = min(height, ceil(field.region.box.y1 * inv));
  for (let y = y0; y < y1; y += 1) {
    const qy = (y + 0.5) * scale;
    if (!outerSpan(field.region, qy, span)) continue;
    const from = max(0, ceil(span[0]! * inv - 0.5));
    const to = min(width, floor(span[1]! * inv - 0.5) + 1);
    if (to <= from) continue;
    // The field along this row at the grid's columns: the row's centre is at sixteenths of a cell exactly.
    const n = round((qy - field.y0) * 2);
    const j = min(field.rows - 2, n >> 4);
    const fy = n - 16 * j;
    const last = min(columns - 1, ((to * scale - field.x0) >> 3) + 1);
    for (let i = max(0, ((from * scale - field.x0) >> 3) - 1); i <= last; i += 1) {
      const a = j * columns + i;
      rowDx[i] = field.dx[a]! + (((field.dx[a + columns]! - field.dx[a]!) * fy) >> 4);
      rowDy[i] = field.dy[a]! + (((field.dy[a + columns]! - field.dy[a]!) * fy) >> 4);
    }
    if (src2 && dst2) shiftChroma(src, dst, src2, dst2, width, limits, y * width, y << 8, from, to, field.x0, rowDx, rowDy);
    else shiftLuma(src, dst, width, limits, y * width, y << 8, from, to, field.x0, rowDx, rowDy);
  }
}

/**
 * Where the pixel centres of plane row `cy` (plane coordinates) are inside triangle (`t`: x0,y0,x1,y1,x2,y2 in plane
 * coordinates, `sign` its orientation): the first and last pixel into `span`, or false. Pixels on an edge count as
 * inside both triangles that share it, so neighbours leave no gap between them.
 */
function triangleRow(t: Float64Array, sign: number, eps: number, cy: number, width: number, span: Int32Array) {
  let lo = 0;
  let hi = width - 1;
  for (let e = 0; e < 3; e += 1) {
    const xi = t[2 * e]!;
    const yi = t[2 * e + 1]!;
    const n = e === 2 ? 0 : e + 1;
    const xj = t[2 * n]!;
    const yj = t[2 * n + 1]!;
    // The edge function (xj - xi)(y - yi) - (yj - yi)(x - xi), times the orientation, is e0 + ex x on this row.
    const e0 = ((xj - xi) * (cy - yi) + (yj - yi) * xi) * sign;
    const ex = -(yj - yi) * sign;
    if (ex > 1e-12) lo = max(lo, ceil((-eps - e0) / ex - 0.5));
    else if (ex < -1e-12) hi = min(hi, floor((-eps - e0) / ex - 0.5));
    else if (e0 < -eps) return false;
  }
  if (lo > hi) return false;
  span[0] = lo;
  span[1] = hi;
  return true;
}

/**
 * Draws one triangle of the output (its corners `out`, luma coordinates) into a plane (or both chroma planes),
 * sampling the source through `m` (the luma affine map from output to source, at `k`).
 */
function drawTriangle(
  src: Uint8Array,
  dst: Uint8Array,
  src2: Uint8Array | null,
  dst2: Uint8Array | null,
  width: number,
  height: number,
  scale: number,
  corners: Float64Array,
  m: Float64Array,
  k: number,
  span: Int32Array,
) {
  const inv = 1 / scale;
  const x0 = corners[0]!;
  const y0 = corners[1]!;
  const x1 = corners[2]!;
  const y1 = corners[3]!;
  const x2 = corners[4]!;
  const y2 = corners[5]!;
  const area = (x1 - x0) * (y2 - y0) - (x2 - x0) * (y1 - y0);
  if (abs(area) < 1e-9) return;
  const sign = area > 0 ? 1 : -1;
  const eps = 1e-7 * abs(area);
  // The map in this plane's coordinates, to 1/256 of its pixels, less half a pixel (pixel i's centre is at i + 0.5).
  const A = m[k]! * 256;
  const B = m[k + 1]! * 256;
  const C = (m[k + 2]! * inv - 0.5) * 256;
  const D = m[k + 3]! * 256;
  const E = m[k + 4]! * 256;
  const F = (m[k + 5]! * inv - 0.5) * 256;
  const maxX = (width - 1) * 256 - 1;
  const maxY = (height - 1) * 256 - 1;
  const top = max(0, ceil(min(y0, y1, y2) - 0.5));
  const bottom = min(height - 1, floor(max(y0, y1, y2) - 0.5));
  for (let y = top; y <= bottom; y += 1) {
    const cy = y + 0.5;
    if (!triangleRow(corners, sign, eps, cy, width, span)) continue;
    const lo = span[0]!;
    const hi = span[1]!;
    let fx = A * (lo + 0.5) + B * cy + C;
    let fy = D * (lo + 0.5) + E * cy + F;
    const row = y * width;
    for (let x = lo; x <= hi; x += 1) {
      const sx = fx < 0 ? 0 : fx > maxX ? maxX : fx | 0;
      const sy = fy < 0 ? 0 : fy > maxY ? maxY : fy | 0;
      fx += A;
      fy += D;
      const ax = sx & 255;
      const ay = sy & 255;
      const at = (sy >> 8) * width + (sx >> 8);
      let a = src[at]!;
      let t0 = (a << 8) + (src[at + 1]! - a) * ax;
      let c0 = src[at + width]!;
      let t1 = (c0 << 8) + (src[at + width + 1]! - c0) * ax;
      dst[row + x] = ((t0 << 8) + (t1 - t0) * ay + 32768) >> 16;
      if (src2 && dst2) {
        a = src2[at]!;
        t0 = (a << 8) + (src2[at + 1]! - a) * ax;
        c0 = src2[at + width]!;
        t1 = (c0 << 8) + (src2[at + width + 1]! - c0) * ax;
        dst2[row + x] = ((t0 << 8) + (t1 - t0) * ay + 32768) >> 16;
      }
    }
  }
}

/** The head's rigid motion about its region's pivot, faded out over the region's margin. */
type RigidMotion = { region: HeadRegion; cos: number; sin: number; tx: number; ty: number };
/** The head's rigid motion and its inverse (the mouth is always inside the head, where the motion is rigid). */
type Motion = RigidMotion & { field: HeadField };

function motionOf(region: HeadRegion, plan: FramePlan, width: number, height: number): Motion | null {
  const field = headField(region, plan, width, height);
  if (!field) return null;
  return {
    field,
    region,
    cos: cos(plan.head.roll),
    sin: sin(plan.head.roll),
    tx: plan.head.dx * region.faceWidth,
    ty: plan.head.dy * region.faceWidth,
  };
}

/**
 * Where the points of `mesh` are in the frame renderFace draws for `plan` (its head motion applied), the head's region
 * taken from `sourceMesh` as renderFace takes it: the mesh a drawn frame shows, without detecting it again.
 */
export function meshAfterHeadMotion(mesh: Mesh, sourceMesh: Mesh, plan: FramePlan): Mesh {
  const region = headRegion(sourceMesh);
  const motion: RigidMotion = {
    region,
    cos: cos(plan.head.roll),
    sin: sin(plan.head.roll),
    tx: plan.head.dx * region.faceWidth,
    ty: plan.head.dy * region.faceWidth,
  };
  const out = new Float64Array(2);
  const moved = new Float32Array(mesh.length);
  for (let k = 0; k < mesh.length; k += 2) {
    moveForward(motion, mesh[k]!, mesh[k + 1]!, out, 0);
    moved[k] = out[0]!;
    moved[k + 1] = out[1]!;
  }
  return moved;
}

/** Where the head's motion takes point (x, y) of the unmoved frame: into `out` at `k`. */
function moveForward(motion: RigidMotion, x: number, y: number, out: Float64Array, k: number) {
  const r = motion.region;
  const w = headWeight(r, x, y);
  const rx = x - r.pivotX;
  const ry = y - r.pivotY;
  out[k] = x + w * (r.pivotX + motion.cos * rx - motion.sin * ry + motion.tx - x);
  out[k + 1] = y + w * (r.pivotY + motion.sin * rx + motion.cos * ry + motion.ty - y);
}

/**
 * Fills the output's lip gap (the polygon `polygon` of output points `out`, luma coordinates) in one plane or both
 * chroma planes with the inner mouth's colour, looked up where the pixel was before the head moved. The colours are
 * softened by a [1 2 1] blur first (a camera never resolves teeth edges to the pixel; drawn sharp they look pasted on).
 */
function drawGap(
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

/**
 * Renders one frame into `output` (same size as `source`, separate buffers): `source` with its face's mesh moved from
 * `sourceMesh` to `targetMesh` (deformMesh's), the lip gap filled with `inner` (the person's inner mouth, or the
 * synthetic one when null; the source's own when its lips are open enough), and the head moved by `plan.head`.
 *
 * Composition: the mesh warp lives in the head's unmoved frame and head motion is applied after it. Pixels of the head
 * and its margin that no mesh change touches are taken back through the head's motion by inverse mapping (q = p + δ(p)
 * solved for p by fixed-point iteration on an 8-pixel grid, interpolated; well under a pixel off for the motions of a
 * talking head). The triangles the mesh change moved are drawn where the head's motion takes their corners (exact at
 * the corners, linear in between: the motion is rigid over the face and nearly linear over one triangle in the
 * margin), each through its own affine map back to the source. The lip gap is drawn where the motion takes the inner
 * lips and coloured where its pixels were before the head moved. A plan that moves nothing leaves every pixel as it
 * was.
 */
export function renderFace(
  source: YuvFrame,
  output: YuvFrame,
  sourceMesh: Mesh,
  targetMesh: Mesh,
  plan: FramePlan,
  inner: InnerMouth | null,
) {
  const { width, height } = source;
  if (output.y !== source.y) {
    output.y.set(source.y);
    output.u.set(source.u);
    output.v.set(source.v);
    if (source.a && output.a) output.a.set(source.a);
  }
  const ring = outlineRing(sourceMesh, width, height);
  const from = warpVertices(sourceMesh, ring);
  const to = warpVertices(targetMesh, ring);
  const moved = new Uint8Array(VERTICES);
  for (let i = 0; i < VERTICES; i += 1) {
    moved[i] = abs(to[2 * i]! - from[2 * i]!) > MOVED || abs(to[2 * i + 1]! - from[2 * i + 1]!) > MOVED ? 1 : 0;
  }
  const triangles: number[] = [];
  for (let k = 0; k < TRIANGLE_COUNT; k += 1) {
    if (moved[WARP_TRIANGLES[3 * k]!] || moved[WARP_TRIANGLES[3 * k + 1]!] || moved[WARP_TRIANGLES[3 * k + 2]!]) triangles.push(k);
  }
  const gapMoved = INNER_LIP_POINTS.some((i) => moved[i]);
  const motion = motionOf(headRegion(sourceMesh), plan, width, height);
  if (!motion && triangles.length === 0 && !gapMoved) return;

  // Where the warp's points end up in the output: moved by the head's motion, if any.
  let out = to;
  if (motion) {
    out = new Float64Array(to.length);
    for (let i = 0; i < VERTICES; i += 1) moveForward(motion, to[2 * i]!, to[2 * i + 1]!, out, 2 * i);
    shiftHead(source.y, output.y, null, null, width, height, 1, motion.field);
    shiftHead(source.u, output.u, source.v, output.v, width / 2, height / 2, 2, motion.field);
    // The matte moves with the head; the mouth's changes stay inside the person.
    if (source.a && output.a) shiftHead(source.a, output.a, null, null, width, height, 1, motion.field);
  }
  if (gapMoved) {
    const fill = mouthFill(source, sourceMesh, targetMesh, interiorFor(source, sourceMesh, inner));
    drawGap(output.y, null, width, height, 1, out, INNER_LIP_POLYGON, fill, motion);
    drawGap(output.u, output.v, width / 2, height / 2, 2, out, INNER_LIP_POLYGON, fill, motion);
  }
  const affine = new Float64Array(6);
  const corners = new Float64Array(6);
  const half = new Float64Array(6);
  const span = new Int32Array(2);
  for (const k of triangles) {
    const a = WARP_TRIANGLES[3 * k]!;
    const b = WARP_TRIANGLES[3 * k + 1]!;
    const c = WARP_TRIANGLES[3 * k + 2]!;
    affineOf(out, from, a, b, c, affine, 0);
    corners[0] = out[2 * a]!;
    corners[1] = out[2 * a + 1]!;
    corners[2] = out[2 * b]!;
    corners[3] = out[2 * b + 1]!;
    corners[4] = out[2 * c]!;
    corners[5] = out[2 * c + 1]!;
    drawTriangle(source.y, output.y, null, null, width, height, 1, corners, affine, 0, span);
    for (let i = 0; i < 6; i += 1) half[i] = corners[i]! / 2;
    drawTriangle(source.u, output.u, source.v, output.v, width / 2, height / 2, 2, half, affine, 0, span);
  }
}

/** One frame's work as plain data, for a worker thread: raw yuv420p (or yuva420p) buffers (transferable) and the two meshes. */
export type FaceFrameJob = {
  width: number;
  height: number;
  source: Uint8Array;
  output: Uint8Array;
  sourceMesh: Float32Array;
  targetMesh: Float32Array;
  plan: FramePlan;
  inner: InnerMouth | null;
};

/** renderFace on a job's buffers (the output buffer receives the frame). */
export function renderFaceJob(job: FaceFrameJob) {
  const source = yuvFrameOf(job.source, job.width, job.height);
  const output = yuvFrameOf(job.output, job.width, job.height);
  renderFace(source, output, job.sourceMesh, job.targetMesh, job.plan, job.inner);
}
