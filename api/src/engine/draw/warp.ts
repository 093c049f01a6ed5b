// Renders one output frame from its source frame: the face mesh's triangles warped from where they are in the source
// to where deform.ts put them (piecewise-affine, bilinear sampling: triangle-warp.ts), the lip gap filled with the
// inner mouth (lip-gap.ts), and the whole head moved by the frame's head motion, fading out over a margin around it
// (head-motion.ts). Pixels no triangle, gap or head motion reaches are copied as they are.
//
// Pure inputs to output, no module state, so a frame can be rendered in a worker thread from transferred
// buffers (renderFaceJob).
import type { InnerMouth } from './inner-mouth';
import { mouthFill } from './mouth-fill';
import { FACE_OVAL, LIPS, TRIANGLES, roll } from '../mesh/topology';
import type { FramePlan, Mesh } from '../face-shapes';
import { yuvFrameOf, type YuvFrame } from './yuv';
import { headRegion, motionOf, moveForward, shiftHead } from './head-motion';
import { drawGap, interiorFor } from './lip-gap';
import { affineOf, drawTriangle } from './triangle-warp';

// Module-local, as every lookup of a global (Math) inside a vm context (jest's) goes through an interceptor.
const { abs, cos, max, min, sin, sqrt } = Math;

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
