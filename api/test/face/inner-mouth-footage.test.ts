// Teeth and inner mouth from the person: footage that shows the mouth open somewhere gives the avatar the inside of
// that person's own mouth, and a render draws it (not the synthetic one) in the lip gap.
//
// The fixture, honestly: no package ships two photos of one person, so the footage cuts between one face of
// face-api's demo photos with its mouth open (sample5, bottom left: upper teeth showing) and the same picture with the
// lips pressed together by this renderer's own `press` deformation. The avatar's loop comes from the pressed part (the
// footage scan wants closed lips); the inside of the mouth can only come from the open part.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { deformMesh } from '../../src/engine/draw/deform';
import { readMeshTrack, writeMeshTrack } from '../../src/engine/mesh/mesh-track';
import { findFaces } from '../../src/engine/mesh/mesh';
import { LIPS, lipGap, pointOf } from '../../src/engine/mesh/topology';
import { REST, STILL, type Mesh } from '../../src/engine/face-shapes';
import { renderFace } from '../../src/engine/draw/warp';
import { copyFrame, type YuvFrame } from '../../src/engine/draw/yuv';
import { LocalEngine } from '../../src/engine/local/local-engine';
import { readFrames } from '../../src/media/frame-pipes';
import { runFfmpeg } from '../../src/media/tools';
import { mediaDir, avatarOutputs } from '../media/fixtures';
import { faceFrame } from './face-frames';

const engine = new LocalEngine();
let dir: string;
afterAll(() => {
  engine.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The gap is compared on a grid: this many bands down, from lip to lip... */
const BINS = 6;
/** ...and this many columns across, from inner corner to inner corner (the teeth, their gaps, the mouth's own tilt). */
const COLUMNS = 8;

/** A contour's height (y) at x, by straight lines between its points (image-left to image-right). */
function contourAt(points: { x: number; y: number }[], x: number) {
  for (let k = 1; k < points.length; k += 1) {
    const a = points[k - 1]!;
    const b = points[k]!;
    if (x >= a.x && x <= b.x) return b.x === a.x ? a.y : a.y + ((b.y - a.y) * (x - a.x)) / (b.x - a.x);
  }
  return NaN;
}

/**
 * What the inside of the mouth looks like: the mean y, u and v in a grid of BINS bands from the upper inner lip to the
 * lower one by COLUMNS columns across the mouth, plane by plane, row by row (NaN where the lips leave no gap).
 */
function gapProfile(frame: YuvFrame, mesh: Mesh) {
  const upper = LIPS.innerUpper.map((index) => pointOf(mesh, index));
  const lower = LIPS.innerLower.map((index) => pointOf(mesh, index));
  const left = upper[0]!.x;
  const right = upper.at(-1)!.x;
  const sums = new Array<number>(3 * BINS * COLUMNS).fill(0);
  const counts = new Array<number>(3 * BINS * COLUMNS).fill(0);
  for (let x = Math.ceil(left); x < right; x += 1) {
    const top = contourAt(upper, x);
    const bottom = contourAt(lower, x);
    if (!(bottom - top >= 4)) continue;
    const column = Math.min(COLUMNS - 1, Math.floor(((x - left) / (right - left)) * COLUMNS));
    for (let y = Math.ceil(top); y < bottom; y += 1) {
      const cell = Math.min(BINS - 1, Math.floor(((y - top) / (bottom - top)) * BINS)) * COLUMNS + column;
      sums[cell] = sums[cell]! + frame.y[y * frame.width + x]!;
      for (const [plane, offset] of [
        [frame.u, 1],
        [frame.v, 2],
      ] as const) {
        const k = offset * BINS * COLUMNS + cell;
        sums[k] = sums[k]! + plane[(y >> 1) * (frame.width >> 1) + (x >> 1)]!;
        counts[k] = counts[k]! + 1;
      }
      counts[cell] = counts[cell]! + 1;
    }
  }
  return sums.map((sum, cell) => (counts[cell] ? sum / counts[cell] : NaN));
}

/**
 * A grid with each of its planes (y, u, v) brought to mean 0 and deviation 1, so colour counts as much as light: a
 * synthetic interior can be lit like a person's mouth, but its colours are its own.
 */
function standardized(grid: number[]) {
  const cells = BINS * COLUMNS;
  return [0, 1, 2].flatMap((plane) => {
    const part = grid.slice(plane * cells, (plane + 1) * cells);
    const known = part.filter(Number.isFinite);
    const mean = known.reduce((sum, value) => sum + value, 0) / known.length;
    const deviation = Math.sqrt(known.reduce((sum, value) => sum + (value - mean) ** 2, 0) / known.length) || 1;
    return part.map((value) => (value - mean) / deviation);
  });
}

/** Pearson's r over the cells both grids have. */
const pearson = (gridA: number[], gridB: number[]) => {
  const both = gridA.map((_, i) => i).filter((i) => Number.isFinite(gridA[i]) && Number.isFinite(gridB[i]));
  const a = both.map((i) => gridA[i]!);
  const b = both.map((i) => gridB[i]!);
  const mean = (v: number[]) => v.reduce((s, x) => s + x, 0) / v.length;
  const ma = mean(a);
  const mb = mean(b);
  let num = 0;
  let da = 0;
  let db = 0;
  a.forEach((x, i) => {
    num += (x - ma) * (b[i]! - mb);
    da += (x - ma) ** 2;
    db += (b[i]! - mb) ** 2;
  });
  return num / Math.sqrt(da * db);
};

/** The inside of the mouth's profile over the frames of `video` where the mouth is open about as wide as `opening`. */
async function renderedProfile(video: string, size: number, opening: number) {
  const rgb = readFrames(['-i', video, '-f', 'rawvideo', '-pix_fmt', 'rgb24'], size * size * 3);
  const yuv = readFrames(['-i', video, '-f', 'rawvideo', '-pix_fmt', 'yuv420p'], (size * size * 3) / 2);
  const yuvFrames = yuv.frames[Symbol.asyncIterator]();
  const sums = new Array<number>(3 * BINS * COLUMNS).fill(0);
  const counts = new Array<number>(3 * BINS * COLUMNS).fill(0);
  let frames = 0;
  for await (const picture of rgb.frames) {
    const value = (await yuvFrames.next()).value as Buffer;
    const [face] = await findFaces(picture, size, size);
    if (!face || Math.abs(lipGap(face.mesh) - opening) > SIMILAR * opening) continue;
    const luma = size * size;
    const frame: YuvFrame = {
      width: size,
      height: size,
      y: value.subarray(0, luma),
      u: value.subarray(luma, luma * 1.25),
      v: value.subarray(luma * 1.25),
    };
    gapProfile(frame, face.mesh).forEach((value, cell) => {
      if (Number.isNaN(value)) return;
      sums[cell] = sums[cell]! + value;
      counts[cell] = counts[cell]! + 1;
    });
    frames += 1;
  }
  await Promise.all([rgb.done, yuv.done]);
  return { profile: sums.map((sum, cell) => (counts[cell] ? sum / counts[cell] : NaN)), frames };
}

/** Frames are compared with the person's open mouth when they are open about as wide (within this share of it). */
const SIMILAR = 0.3;

test("footage showing the open mouth gives the avatar that person's inside of the mouth; the render draws it, not the synthetic one", async () => {
  dir = mediaDir();
  // The open-mouthed face, and the same face with its lips pressed together.
  const { frame: open, mesh } = await faceFrame('sample5-face1-open');
  const pressed = copyFrame(open);
  const press = { articulation: { ...REST, press: 1 }, blink: 0, head: STILL };
  renderFace(open, pressed, mesh, deformMesh(mesh, press), press, null);
  const still = (name: string, frame: YuvFrame) => {
    const file = join(dir, `${name}.yuv`);
    writeFileSync(file, Buffer.concat([frame.y, frame.u, frame.v]));
    return [
      '-stream_loop',
      '-1',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'yuv420p',
      '-s',
      `${frame.width}x${frame.height}`,
      '-framerate',
      '10',
      '-i',
      file,
    ];
  };
  const footage = join(dir, 'footage.mp4');
  await runFfmpeg([
    ...still('open', open),
    ...still('pressed', pressed),
    '-filter_complex',
    '[0:v]trim=duration=8[a];[1:v]trim=duration=27[b];[a][b]concat=n=2:v=1,scale=640:640,format=yuv420p[v]',
    '-map',
    '[v]',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    footage,
  ]);
  const real = gapProfile(open, mesh);

  const avatar = await engine.processAvatar({ file: footage, kind: 'video' }, avatarOutputs(dir, 'a'));
  const track = readMeshTrack(avatar.mouth!)!;
  expect(track.inner).not.toBeNull();
  // The same avatar without the person's inside: the synthetic one fills the gap instead.
  const synthetic = join(dir, 'synthetic-face.bin');
  writeMeshTrack(synthetic, { ...track, inner: null });

  const speech = await engine.synthesizeSpeech('Ah! Ah, papa, ha ha. Aaah, what a car, Mama. Hot dogs and apples, father.', 'en');
  const audio = join(dir, 'ah.wav');
  writeFileSync(audio, speech.wav);
  const render = async (mouth: string, name: string) => {
    const output = join(dir, `${name}.mp4`);
    await engine.renderVideo({
      loop: avatar.loop,
      mouth,
      audio,
      phonemes: speech.phonemes,
      language: 'en',
      seed: 'inner',
      output,
      watermark: false,
    });
    return renderedProfile(output, 640, lipGap(mesh));
  };
  const own = await render(avatar.mouth!, 'own');
  const drawn = await render(synthetic, 'synthetic');
  const r = {
    own: pearson(standardized(own.profile), standardized(real)),
    synthetic: pearson(standardized(drawn.profile), standardized(real)),
    ownToSynthetic: pearson(standardized(own.profile), standardized(drawn.profile)),
  };
  // The middle columns' bands, top to bottom, for the log.
  const shown = (grid: number[]) =>
    Array.from({ length: BINS }, (_, bin) => {
      const middle = grid.slice(bin * COLUMNS + 2, bin * COLUMNS + COLUMNS - 2).filter(Number.isFinite);
      return (middle.reduce((sum, value) => sum + value, 0) / middle.length).toFixed(0);
    }).join(' ');
  console.log(
    `the inside of the mouth (y, u, v in ${BINS} x ${COLUMNS} cells; shown: the middle half's luma bands top to bottom): the person's ${shown(real)}; rendered with theirs ${shown(own.profile)} (${own.frames} open frames, r = ${r.own.toFixed(2)}), with the synthetic one ${shown(drawn.profile)} (${drawn.frames}, r = ${r.synthetic.toFixed(2)}); the two renders r = ${r.ownToSynthetic.toFixed(2)}`,
  );
  expect(own.frames).toBeGreaterThanOrEqual(5);
  expect(drawn.frames).toBeGreaterThanOrEqual(5);
  // Closer to the person's own mouth than the synthetic one is, and closer to it than to the synthetic one.
  expect(r.own).toBeGreaterThan(r.synthetic);
  expect(r.own).toBeGreaterThan(r.ownToSynthetic);
}, 300_000);
