// The head's motion for one frame: the head as an ellipse around the face that moves rigidly (a turn about the neck
// and a shift), fading out over a margin around it; its inverse as a coarse field, every pixel of the head and margin
// moved through it, and where the motion takes single points (the warp's vertices, a drawn frame's mesh).
import { CHIN, FACE_OVAL, FOREHEAD_TOP, faceHeight, faceWidth, roll } from '../mesh/topology';
import type { FramePlan, Mesh } from '../face-shapes';
import * as numbers from '../numbers';

// Module-local, as every lookup of a global (Math) inside a vm context (jest's) goes through an interceptor; the
// helpers bound once, as a transpiled module's exports are getters, otherwise called on every use (per pixel here).
const { abs, ceil, cos, floor, max, min, round, sin, sqrt } = Math;
const { smoothstep } = numbers;

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
export function shiftHead(
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

/** The head's rigid motion about its region's pivot, faded out over the region's margin. */
type RigidMotion = { region: HeadRegion; cos: number; sin: number; tx: number; ty: number };
/** The head's rigid motion and its inverse (the mouth is always inside the head, where the motion is rigid). */
export type Motion = RigidMotion & { field: HeadField };

export function motionOf(region: HeadRegion, plan: FramePlan, width: number, height: number): Motion | null {
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
export function moveForward(motion: RigidMotion, x: number, y: number, out: Float64Array, k: number) {
  const r = motion.region;
  const w = headWeight(r, x, y);
  const rx = x - r.pivotX;
  const ry = y - r.pivotY;
  out[k] = x + w * (r.pivotX + motion.cos * rx - motion.sin * ry + motion.tx - x);
  out[k + 1] = y + w * (r.pivotY + motion.sin * rx + motion.cos * ry + motion.ty - y);
}
