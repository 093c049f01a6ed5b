import { deformMesh, mouthFrame, toFrame } from '../../src/engine/draw/deform';
import { CHIN, LEFT_EYE, LIPS, NOSE_TIP, RIGHT_EYE, eyeAspectRatio, faceHeight, lipGap, mouthWidth } from '../../src/engine/mesh/topology';
import { REST, STILL, type Articulation, type FramePlan, type Mesh } from '../../src/engine/face-shapes';
import { fixture } from './face-frames';

const closed = Float32Array.from(fixture('sample3-face1').mesh);
const open = Float32Array.from(fixture('sample5-face1-open').mesh);

const plan = (articulation: Partial<Articulation>, blink = 0): FramePlan => ({
  articulation: { ...REST, ...articulation },
  blink,
  head: STILL,
});
const at = (mesh: Mesh, i: number) => ({ x: mesh[2 * i]!, y: mesh[2 * i + 1]! });
const moved = (a: Mesh, b: Mesh, i: number) => Math.hypot(a[2 * i]! - b[2 * i]!, a[2 * i + 1]! - b[2 * i + 1]!);

/**
 * How far apart the inner lips are straight down the face (the source's mouth axis), lower minus upper, for the
 * nine pairs between the corners, in mouth widths. (topology's lipGap measures point-to-point distances, which
 * count the pairs' small sideways offsets too: the model's own closed lips measure 0.07 there.)
 */
function downGaps(source: Mesh, target: Mesh) {
  const frame = mouthFrame(source);
  const { t } = toFrame(target, frame);
  return LIPS.innerUpper.slice(1, -1).map((upper, k) => (t[LIPS.innerLower[k + 1]!]! - t[upper]!) / frame.mouthWidth);
}

/** The mesh turned by `angle` about (cx, cy), scaled by `scale`, moved by (dx, dy). */
function transform(mesh: Mesh, angle: number, scale: number, dx: number, dy: number) {
  const out = new Float32Array(mesh.length);
  const [c, s] = [Math.cos(angle), Math.sin(angle)];
  for (let i = 0; i < mesh.length; i += 2) {
    out[i] = scale * (c * mesh[i]! - s * mesh[i + 1]!) + dx;
    out[i + 1] = scale * (s * mesh[i]! + c * mesh[i + 1]!) + dy;
  }
  return out;
}

test('a plan that moves nothing, or only the head, leaves the mesh as it is', () => {
  expect(Array.from(deformMesh(closed, plan({})))).toEqual(Array.from(closed));
  expect(Array.from(deformMesh(closed, { ...plan({}), head: { dx: 0.02, dy: 0.01, roll: 0.05 } }))).toEqual(Array.from(closed));
});

test('the same plan moves a turned, scaled and shifted face the same way relative to the face', () => {
  const talking = plan({ jaw: 0.7, round: 0.4, spread: 0.2, tuck: 0.3 }, 0.6);
  const expected = transform(deformMesh(closed, talking), 0.4, 2.5, 300, -80);
  const actual = deformMesh(transform(closed, 0.4, 2.5, 300, -80), talking);
  const size = faceHeight(actual);
  for (let i = 0; i < 468; i += 1) expect(moved(expected, actual, i) / size).toBeLessThan(1e-4);
});

test('the jaw opens the lips by up to a tenth of the face height and drops the chin 1.4 times that, the upper face stays', () => {
  const height = faceHeight(closed);
  let lastGap = lipGap(closed);
  for (const jaw of [0.25, 0.5, 0.75, 1]) {
    const target = deformMesh(closed, plan({ jaw }));
    const drop = at(target, CHIN).y - at(closed, CHIN).y;
    // The chin, further from the jaw's hinge than the lower lip, travels 1.4 times the lip's tenth of the face height.
    expect(drop / height).toBeCloseTo(0.14 * jaw, 2);
    const gap = lipGap(target);
    expect(gap).toBeGreaterThan(lastGap);
    lastGap = gap;
    // Nose, eyes, forehead: above the hinge line nothing moves.
    for (const i of [NOSE_TIP, 10, 168, RIGHT_EYE.outerCorner, LEFT_EYE.innerCorner, 234, 454])
      expect(moved(closed, target, i)).toBeLessThan(0.05);
  }
  // Wide open, the lips part by about a third of the mouth's width, not more than ~40 %.
  expect(lastGap).toBeGreaterThan(0.28);
  expect(lastGap).toBeLessThan(0.45);
  // The upper lip lifts a little; the lower lip goes down with the chin.
  const wide = deformMesh(closed, plan({ jaw: 1 }));
  const upperLift = at(closed, 13).y - at(wide, 13).y;
  const lowerDrop = at(wide, 14).y - at(closed, 14).y;
  expect(upperLift).toBeGreaterThan(0.5);
  expect(upperLift).toBeLessThan(0.25 * lowerDrop);
});

test('pressed lips meet whatever the jaw says, also where the source mouth was open', () => {
  expect(Math.max(...downGaps(open, open))).toBeGreaterThan(0.15);
  for (const [mesh, jaw] of [
    [closed, 1],
    [open, 0],
    [open, 0.6],
  ] as const) {
    for (const gap of downGaps(mesh, deformMesh(mesh, plan({ jaw, press: 1 })))) expect(Math.abs(gap)).toBeLessThan(0.01);
  }
});

test('rounding narrows the mouth, spreading widens it and lifts its corners', () => {
  const width = mouthWidth(closed);
  const rounded = deformMesh(closed, plan({ round: 1 }));
  const spread = deformMesh(closed, plan({ spread: 1 }));
  expect(mouthWidth(rounded) / width).toBeGreaterThan(0.7);
  expect(mouthWidth(rounded) / width).toBeLessThan(0.85);
  expect(mouthWidth(spread) / width).toBeGreaterThan(1.08);
  expect(mouthWidth(spread) / width).toBeLessThan(1.18);
  for (const corner of LIPS.corners) expect(at(spread, corner).y).toBeLessThan(at(closed, corner).y - 0.5);
  // Rounded lips push out: taller (upper lip's top to lower lip's bottom).
  expect(at(rounded, 17).y - at(rounded, 0).y).toBeGreaterThan(at(closed, 17).y - at(closed, 0).y);
});

test('tucking raises the lower lip and leaves a small gap under the upper lip', () => {
  const tucked = deformMesh(closed, plan({ jaw: 0.3, tuck: 1 }));
  expect(at(tucked, 17).y).toBeLessThan(at(closed, 17).y - 1);
  const gap = lipGap(tucked);
  expect(gap).toBeGreaterThan(0.02);
  expect(gap).toBeLessThan(0.12);
});

test('the lips never cross, whatever the mix', () => {
  for (const jaw of [0, 0.5, 1])
    for (const round of [0, 1])
      for (const spread of [0, 1])
        for (const press of [0, 0.5, 1])
          for (const tuck of [0, 1]) {
            for (const mesh of [closed, open]) {
              const target = deformMesh(mesh, plan({ jaw, round, spread, press, tuck }));
              expect(Math.min(...downGaps(mesh, target))).toBeGreaterThanOrEqual(-1e-6);
            }
          }
});

test('a blink closes both eyes, half a blink half-closes them', () => {
  for (const eye of [RIGHT_EYE, LEFT_EYE]) {
    const rest = eyeAspectRatio(closed, eye);
    expect(eyeAspectRatio(deformMesh(closed, plan({}, 1)), eye)).toBeLessThan(0.12 * rest);
    const half = eyeAspectRatio(deformMesh(closed, plan({}, 0.5)), eye);
    expect(half).toBeGreaterThan(0.35 * rest);
    expect(half).toBeLessThan(0.65 * rest);
  }
});
