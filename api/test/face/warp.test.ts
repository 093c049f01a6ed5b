import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { deformMesh } from '../../src/engine/draw/deform';
import { innerMouthFromFrames } from '../../src/engine/draw/inner-mouth';
import { CHIN, LEFT_EYE, LIPS, NOSE_TIP, RIGHT_EYE, faceHeight, faceWidth, type Eye } from '../../src/engine/mesh/topology';
import { REST, STILL, type Articulation, type FramePlan, type HeadMotion, type Mesh } from '../../src/engine/face-shapes';
import { renderFace, type FaceFrameJob } from '../../src/engine/draw/warp';
import { headRegion } from '../../src/engine/draw/head-motion';
import { copyFrame, type YuvFrame } from '../../src/engine/draw/yuv';
import { faceFrame, photoFrame } from './face-frames';

const plan = (articulation: Partial<Articulation>, blink = 0, head: HeadMotion = STILL): FramePlan => ({
  articulation: { ...REST, ...articulation },
  blink,
  head,
});

function render(frame: YuvFrame, mesh: Mesh, p: FramePlan, inner: Parameters<typeof renderFace>[5] = null) {
  const output: YuvFrame = {
    ...frame,
    y: new Uint8Array(frame.y.length),
    u: new Uint8Array(frame.u.length),
    v: new Uint8Array(frame.v.length),
  };
  const target = deformMesh(mesh, p);
  renderFace(frame, output, mesh, target, p, inner);
  return { output, target };
}

/** Paints a marker (a 3x3 block of chroma no skin has) centred on luma point (x, y). */
function marked(frame: YuvFrame, points: { x: number; y: number }[]) {
  const copy = copyFrame(frame);
  const half = frame.width / 2;
  for (const { x, y } of points) {
    const cx = Math.floor(x / 2);
    const cy = Math.floor(y / 2);
    for (let dy = -1; dy <= 1; dy += 1)
      for (let dx = -1; dx <= 1; dx += 1) {
        copy.u[(cy + dy) * half + cx + dx] = 250;
        copy.v[(cy + dy) * half + cx + dx] = 20;
      }
  }
  return copy;
}

/** Where the marker near (x, y) is (luma coordinates): the centroid of its chroma within `radius`. */
function markerNear(frame: YuvFrame, x: number, y: number, radius: number) {
  const half = frame.width / 2;
  let sum = 0;
  let sx = 0;
  let sy = 0;
  for (let cy = Math.max(0, Math.floor((y - radius) / 2)); cy < Math.min(frame.height / 2, (y + radius) / 2); cy += 1) {
    for (let cx = Math.max(0, Math.floor((x - radius) / 2)); cx < Math.min(half, (x + radius) / 2); cx += 1) {
      const w = Math.max(0, frame.u[cy * half + cx]! - 170) * Math.max(0, 100 - frame.v[cy * half + cx]!);
      sum += w;
      sx += w * (2 * cx + 1);
      sy += w * (2 * cy + 1);
    }
  }
  expect(sum).toBeGreaterThan(0);
  return { x: sx / sum, y: sy / sum };
}

const point = (mesh: Mesh, i: number) => ({ x: mesh[2 * i]!, y: mesh[2 * i + 1]! });

/** The luma pixels whose centres are inside the polygon of mesh points `indices`. */
function inside(mesh: Mesh, indices: readonly number[], frame: YuvFrame) {
  const pixels: number[] = [];
  const xs = indices.map((i) => mesh[2 * i]!);
  const ys = indices.map((i) => mesh[2 * i + 1]!);
  for (let y = Math.floor(Math.min(...ys)); y <= Math.ceil(Math.max(...ys)); y += 1) {
    for (let x = Math.floor(Math.min(...xs)); x <= Math.ceil(Math.max(...xs)); x += 1) {
      let odd = false;
      for (let k = 0, j = xs.length - 1; k < xs.length; j = k, k += 1) {
        if (ys[k]! > y + 0.5 !== ys[j]! > y + 0.5 && x + 0.5 < ((xs[j]! - xs[k]!) * (y + 0.5 - ys[k]!)) / (ys[j]! - ys[k]!) + xs[k]!)
          odd = !odd;
      }
      if (odd) pixels.push(y * frame.width + x);
    }
  }
  return pixels;
}
const INNER_LIPS = [...LIPS.innerUpper, ...LIPS.innerLower.slice(1, -1).reverse()];

const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
const std = (values: number[]) => Math.sqrt(mean(values.map((v) => (v - mean(values)) ** 2)));
const lumaAt = (frame: YuvFrame, pixels: number[]) => pixels.map((i) => frame.y[i]!);
const same = (a: YuvFrame, b: YuvFrame) =>
  Buffer.compare(a.y, b.y) === 0 && Buffer.compare(a.u, b.u) === 0 && Buffer.compare(a.v, b.v) === 0;

test('a plan that moves nothing changes no pixel', async () => {
  const { frame, mesh } = await faceFrame('sample3-face1');
  expect(same(render(frame, mesh, plan({})).output, frame)).toBe(true);
  const open = await faceFrame('sample5-face1-open');
  expect(same(render(open.frame, open.mesh, plan({})).output, open.frame)).toBe(true);
});

test('opening the jaw moves the chin down in the picture and fills the gap with a shaded inside', async () => {
  const { frame, mesh } = await faceFrame('sample3-face1');
  const source = marked(frame, [point(mesh, CHIN), point(mesh, NOSE_TIP)]);
  const height = faceHeight(mesh);
  let lastDrop = 0;
  for (const jaw of [0.3, 0.7, 1]) {
    const { output, target } = render(source, mesh, plan({ jaw }));
    const chin = markerNear(output, point(mesh, CHIN).x, point(mesh, CHIN).y + 0.06 * height, 0.1 * height);
    const drop = chin.y - markerNear(source, point(mesh, CHIN).x, point(mesh, CHIN).y, 10).y;
    expect(drop / height).toBeGreaterThan(0.1 * jaw);
    expect(drop / height).toBeLessThan(0.17 * jaw);
    expect(drop).toBeGreaterThan(lastDrop);
    lastDrop = drop;
    const nose = markerNear(output, point(mesh, NOSE_TIP).x, point(mesh, NOSE_TIP).y, 10);
    const noseBefore = markerNear(source, point(mesh, NOSE_TIP).x, point(mesh, NOSE_TIP).y, 10);
    expect(Math.hypot(nose.x - noseBefore.x, nose.y - noseBefore.y)).toBeLessThan(0.3);
    // The gap between the target's inner lips shows the inside of a mouth: darker than the lips on the whole, not flat.
    const gap = inside(target, INNER_LIPS, output);
    const lips = lumaAt(frame, inside(mesh, [...LIPS.outerUpper, ...LIPS.outerLower.slice(1, -1).reverse()], frame));
    expect(gap.length).toBeGreaterThan(jaw * 400);
    expect(mean(lumaAt(output, gap))).toBeLessThan(mean(lips));
    expect(std(lumaAt(output, gap))).toBeGreaterThan(15);
  }
});

test('pressed lips close an open mouth: the lips cover what was the inside', async () => {
  const { frame, mesh } = await faceFrame('sample5-face1-open');
  const gapBefore = inside(mesh, INNER_LIPS, frame);
  const lips = mean(lumaAt(frame, inside(mesh, [...LIPS.outerUpper, ...LIPS.outerLower.slice(1, -1).reverse()], frame)));
  const dark = mean(lumaAt(frame, gapBefore));
  for (const jaw of [0, 0.8]) {
    const { output, target } = render(frame, mesh, plan({ jaw, press: 1 }));
    expect(inside(target, INNER_LIPS, output).length).toBeLessThan(0.03 * gapBefore.length);
    // Where the dark inside was, the lips now are: most of the way from the inside's brightness to the lips'.
    expect(mean(lumaAt(output, gapBefore))).toBeGreaterThan(dark + 0.6 * (lips - dark));
  }
});

test('rounding narrows the mouth in the picture and spreading widens it', async () => {
  const { frame, mesh } = await faceFrame('sample3-face1');
  const corners = LIPS.corners.map((i) => point(mesh, i));
  const source = marked(frame, corners);
  const width = (output: YuvFrame) => {
    const [a, b] = corners.map((c) => markerNear(output, c.x, c.y, 25));
    return Math.hypot(b!.x - a!.x, b!.y - a!.y);
  };
  const rest = width(source);
  const rounded = width(render(source, mesh, plan({ jaw: 0.2, round: 1 })).output);
  const spread = width(render(source, mesh, plan({ jaw: 0.2, spread: 1 })).output);
  expect(rounded / rest).toBeLessThan(0.85);
  expect(spread / rest).toBeGreaterThan(1.07);
  expect(rounded / spread).toBeLessThan(0.8);
});

test('tucking the lower lip shows a sliver of upper teeth above it', async () => {
  const { frame, mesh } = await faceFrame('sample3-face1');
  const { output, target } = render(frame, mesh, plan({ jaw: 0.2, tuck: 1 }));
  const gap = inside(target, INNER_LIPS, output);
  expect(gap.length).toBeGreaterThan(30);
  const lips = mean(lumaAt(frame, inside(mesh, [...LIPS.outerUpper, ...LIPS.outerLower.slice(1, -1).reverse()], frame)));
  // Its brightest quarter is teeth: brighter than the lips (the dark inside would be far darker) and much less red.
  const brightest = gap.sort((a, b) => output.y[b]! - output.y[a]!).slice(0, gap.length >> 2);
  expect(mean(lumaAt(output, brightest))).toBeGreaterThan(lips + 10);
  const red = (frame: YuvFrame, pixels: number[]) =>
    mean(pixels.map((i) => frame.v[(Math.floor(i / frame.width) >> 1) * (frame.width / 2) + ((i % frame.width) >> 1)]! - 128));
  const lipPixels = inside(mesh, [...LIPS.outerUpper, ...LIPS.outerLower.slice(1, -1).reverse()], frame);
  expect(red(output, brightest)).toBeLessThan(red(frame, lipPixels) - 10);
});

/** The box around an eye's lids (luma pixels). */
function eyeBox(mesh: Mesh, eye: Eye, frame: YuvFrame) {
  const lids = [...eye.upperLid, ...eye.lowerLid];
  const xs = lids.map((i) => mesh[2 * i]!);
  const ys = lids.map((i) => mesh[2 * i + 1]!);
  const pixels: number[] = [];
  for (let y = Math.round(Math.min(...ys)); y < Math.round(Math.max(...ys)); y += 1) {
    for (let x = Math.round(Math.min(...xs)); x < Math.round(Math.max(...xs)); x += 1) pixels.push(y * frame.width + x);
  }
  return pixels;
}

test('a blink covers the eyes with lid skin: the luma variance in the eye boxes drops', async () => {
  const { frame, mesh } = await faceFrame('sample3-face1');
  const closed = render(frame, mesh, plan({}, 1)).output;
  const half = render(frame, mesh, plan({}, 0.5)).output;
  for (const eye of [RIGHT_EYE, LEFT_EYE]) {
    const box = eyeBox(mesh, eye, frame);
    const open = std(lumaAt(frame, box)) ** 2;
    expect(std(lumaAt(closed, box)) ** 2).toBeLessThan(0.6 * open);
    expect(std(lumaAt(half, box)) ** 2).toBeLessThan(open);
  }
});

test('head motion moves the face and leaves every pixel beyond the head and its margin as it was', async () => {
  // The whole photo at two thirds, so that there is a lot of frame around the head.
  const { frame, mesh } = await photoFrame('sample3-face1', 1280, 900, 2 / 3);
  const region = headRegion(mesh);
  const head = { dx: 0.02, dy: -0.015, roll: 0.03 };
  const source = marked(frame, [point(mesh, NOSE_TIP)]);
  const { output } = render(source, mesh, plan({ jaw: 0.5 }, 0, head));
  // The nose tip goes where the head's rigid motion takes it.
  const nose = markerNear(source, point(mesh, NOSE_TIP).x, point(mesh, NOSE_TIP).y, 8);
  const [c, s] = [Math.cos(head.roll), Math.sin(head.roll)];
  const [rx, ry] = [nose.x - region.pivotX, nose.y - region.pivotY];
  const expected = {
    x: region.pivotX + c * rx - s * ry + head.dx * faceWidth(mesh),
    y: region.pivotY + s * rx + c * ry + head.dy * faceWidth(mesh),
  };
  const moved = markerNear(output, expected.x, expected.y, 12);
  expect(Math.hypot(moved.x - nose.x, moved.y - nose.y)).toBeGreaterThan(2);
  expect(Math.hypot(moved.x - expected.x, moved.y - expected.y)).toBeLessThan(0.5);
  // Beyond the head's box (ellipse plus margin): identical, luma and chroma.
  const { x0, y0, x1, y1 } = region.box;
  let outside = 0;
  let changed = 0;
  for (let y = 0; y < frame.height; y += 1) {
    for (let x = 0; x < frame.width; x += 1) {
      if (x + 1 > x0 && x < x1 && y + 1 > y0 && y < y1) continue;
      outside += 1;
      if (output.y[y * frame.width + x] !== source.y[y * frame.width + x]) changed += 1;
      const k = (y >> 1) * (frame.width / 2) + (x >> 1);
      if (output.u[k] !== source.u[k] || output.v[k] !== source.v[k]) changed += 1;
    }
  }
  expect(outside).toBeGreaterThan(0.5 * frame.width * frame.height);
  expect(changed).toBe(0);
});

test('the synthetic inside has teeth: a bright band under the upper lip, dark below, not flat', async () => {
  const { frame, mesh } = await faceFrame('sample3-face1');
  const { output, target } = render(frame, mesh, plan({ jaw: 0.8 }));
  // Down the middle of the gap: the top quarter (teeth) against the middle (the dark inside).
  const top = point(target, 13);
  const bottom = point(target, 14);
  const column = (from: number, to: number) => {
    const values: number[] = [];
    for (let f = from; f <= to; f += 0.02) {
      for (let dx = -6; dx <= 6; dx += 1)
        values.push(output.y[Math.round(top.y + f * (bottom.y - top.y)) * frame.width + Math.round(top.x + dx)]!);
    }
    return values;
  };
  const teeth = mean(column(0.08, 0.25));
  const dark = mean(column(0.45, 0.65));
  expect(teeth).toBeGreaterThan(dark + 50);
  expect(std(lumaAt(output, inside(target, INNER_LIPS, output)))).toBeGreaterThan(25);
  // Across the teeth: the lines between them.
  const across: number[] = [];
  for (let dx = -20; dx <= 20; dx += 1)
    across.push(output.y[Math.round(top.y + 0.15 * (bottom.y - top.y)) * frame.width + Math.round(top.x + dx)]!);
  expect(std(across)).toBeGreaterThan(4);
});

test("the warp draws a person's own inside when given it", async () => {
  const open = await faceFrame('sample5-face1-open');
  const theirs = innerMouthFromFrames([{ yuv: open.frame, mesh: open.mesh }]);
  expect(theirs).not.toBeNull();
  const { frame, mesh } = await faceFrame('sample3-face1');
  const synthetic = render(frame, mesh, plan({ jaw: 0.8 }));
  const personal = render(frame, mesh, plan({ jaw: 0.8 }), theirs);
  const gap = inside(synthetic.target, INNER_LIPS, frame);
  const differing = gap.filter((i) => Math.abs(synthetic.output.y[i]! - personal.output.y[i]!) > 8).length;
  expect(differing / gap.length).toBeGreaterThan(0.3);
  // Outside the gap both are the same warp.
  const far = inside(synthetic.target, [...LIPS.outerUpper, ...LIPS.outerLower.slice(1, -1).reverse()], frame).filter(
    (i) => !gap.includes(i),
  );
  expect(far.filter((i) => Math.abs(synthetic.output.y[i]! - personal.output.y[i]!) > 40).length / far.length).toBeLessThan(0.1);
});

test('a frame renders the same in a worker thread from transferred buffers', async () => {
  const { frame, mesh } = await faceFrame('sample3-face1');
  const p = plan({ jaw: 0.6, round: 0.3 }, 0.4, { dx: 0.01, dy: 0.005, roll: -0.02 });
  const expected = render(frame, mesh, p).output;
  const packed = new Uint8Array(frame.y.length * 1.5);
  packed.set(frame.y, 0);
  packed.set(frame.u, frame.y.length);
  packed.set(frame.v, frame.y.length + frame.u.length);
  const job: FaceFrameJob = {
    width: frame.width,
    height: frame.height,
    source: packed,
    output: new Uint8Array(packed.length),
    sourceMesh: Float32Array.from(mesh),
    targetMesh: deformMesh(mesh, p),
    plan: p,
    inner: null,
  };
  // A worker that loads warp.ts through tsx's require hook (`--import tsx` in a worker's execArgv does not reach its
  // entry file on Node 20), renders each job it is sent in place and sends it back.
  const worker = new Worker(
    `require(${JSON.stringify(require.resolve('tsx/cjs/api'))}).register();
     const { parentPort } = require('node:worker_threads');
     const { renderFaceJob } = require(${JSON.stringify(join(__dirname, '..', '..', 'src', 'engine', 'draw', 'warp.ts'))});
     parentPort.on('message', (job) => {
       renderFaceJob(job);
       parentPort.postMessage(job, [job.source.buffer, job.output.buffer]);
     });`,
    { eval: true },
  );
  try {
    const done = new Promise<FaceFrameJob>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    worker.postMessage(job, [job.source.buffer as ArrayBuffer, job.output.buffer as ArrayBuffer]);
    expect(job.source.byteLength).toBe(0); // transferred, not copied
    const back = await done;
    const luma = frame.width * frame.height;
    expect(Buffer.compare(back.output.subarray(0, luma), expected.y)).toBe(0);
    expect(Buffer.compare(back.output.subarray(luma, luma * 1.25), expected.u)).toBe(0);
    expect(Buffer.compare(back.output.subarray(luma * 1.25), expected.v)).toBe(0);
  } finally {
    await worker.terminate();
  }
});
