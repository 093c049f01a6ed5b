// One triangle of the mesh warp: the affine map from where it is drawn back to where it was in the source, and the
// triangle drawn through it into a plane (or both chroma planes) by bilinear sampling in fixed point.

// Module-local, as every lookup of a global (Math) inside a vm context (jest's) goes through an interceptor.
const { abs, ceil, floor, max, min } = Math;

/** Per triangle, the affine map from target to source pixels: sx = a x + b y + c, sy = d x + e y + f. */
export function affineOf(target: Float64Array, source: Float64Array, a: number, b: number, c: number, out: Float64Array, k: number) {
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
export function drawTriangle(
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
