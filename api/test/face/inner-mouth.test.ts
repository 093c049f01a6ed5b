import { innerMouthFromFrames, type InnerMouth } from '../../src/engine/draw/inner-mouth';
import { decodeInnerMouth, encodeInnerMouth } from '../../src/engine/draw/inner-mouth-codec';
import { fillColour, mouthFill } from '../../src/engine/draw/mouth-fill';
import { LIPS } from '../../src/engine/mesh/topology';
import type { Mesh } from '../../src/engine/face-shapes';
import type { YuvFrame } from '../../src/engine/draw/yuv';
import { faceFrame } from './face-frames';

/** The luma pixels whose centres are inside the mesh's inner-lip contour. */
function gapPixels(mesh: Mesh, frame: YuvFrame) {
  const polygon = [...LIPS.innerUpper, ...LIPS.innerLower.slice(1, -1).reverse()];
  const xs = polygon.map((i) => mesh[2 * i]!);
  const ys = polygon.map((i) => mesh[2 * i + 1]!);
  const pixels: { x: number; y: number }[] = [];
  for (let y = Math.floor(Math.min(...ys)); y <= Math.ceil(Math.max(...ys)); y += 1) {
    for (let x = Math.floor(Math.min(...xs)); x <= Math.ceil(Math.max(...xs)); x += 1) {
      let odd = false;
      for (let k = 0, j = xs.length - 1; k < xs.length; j = k, k += 1) {
        if (ys[k]! > y + 0.5 !== ys[j]! > y + 0.5 && x + 0.5 < ((xs[j]! - xs[k]!) * (y + 0.5 - ys[k]!)) / (ys[j]! - ys[k]!) + xs[k]!)
          odd = !odd;
      }
      if (odd && x >= 0 && y >= 0 && x < frame.width && y < frame.height) pixels.push({ x, y });
    }
  }
  return pixels;
}

function pearson(a: number[], b: number[]) {
  const ma = a.reduce((s, v) => s + v, 0) / a.length;
  const mb = b.reduce((s, v) => s + v, 0) / b.length;
  let ab = 0;
  let aa = 0;
  let bb = 0;
  for (let i = 0; i < a.length; i += 1) {
    ab += (a[i]! - ma) * (b[i]! - mb);
    aa += (a[i]! - ma) ** 2;
    bb += (b[i]! - mb) ** 2;
  }
  return ab / Math.sqrt(aa * bb);
}

test('only frames that show the inside of the mouth give one', async () => {
  const closed = await faceFrame('sample3-face1');
  expect(innerMouthFromFrames([{ yuv: closed.frame, mesh: closed.mesh }])).toBeNull();
  expect(innerMouthFromFrames([])).toBeNull();
  const open = await faceFrame('sample5-face1-open');
  const mouth = innerMouthFromFrames([
    { yuv: closed.frame, mesh: closed.mesh },
    { yuv: open.frame, mesh: open.mesh },
  ])!;
  expect(mouth).not.toBeNull();
  expect(mouth.width * mouth.height).toBe(mouth.y.length);
  // The lips were about a sixth of the mouth's width apart in the middle, less towards the corners.
  const middle = mouth.gap[mouth.width >> 1]!;
  expect(middle).toBeGreaterThan(0.12);
  expect(middle).toBeLessThan(0.3);
  expect(mouth.gap[2]!).toBeLessThan(middle);
  expect(mouth.span).toBeGreaterThan(0.7);
  expect(mouth.span).toBeLessThan(1);
  // Teeth under the upper lip, the dark below them: the upper rows brighter than the middle ones.
  const rowMean = (j: number) => {
    let sum = 0;
    for (let i = mouth.width >> 2; i < mouth.width - (mouth.width >> 2); i += 1) sum += mouth.y[j * mouth.width + i]!;
    return sum / (mouth.width >> 1);
  };
  expect(rowMean(Math.round(mouth.height * 0.25))).toBeGreaterThan(rowMean(Math.round(mouth.height * 0.6)) + 30);
});

test('the stored form round-trips exactly, and anything else is refused', async () => {
  const open = await faceFrame('sample5-face1-open');
  const mouth = innerMouthFromFrames([{ yuv: open.frame, mesh: open.mesh }])!;
  const stored = encodeInnerMouth(mouth);
  expect(stored.length).toBe(16 + 4 * mouth.width + 3 * mouth.width * mouth.height);
  expect(stored.subarray(0, 4).toString('ascii')).toBe('KGIM');
  const back = decodeInnerMouth(new Uint8Array(stored));
  expect(back.width).toBe(mouth.width);
  expect(back.height).toBe(mouth.height);
  expect(back.span).toBeCloseTo(mouth.span, 6);
  expect(back.centre).toBeCloseTo(mouth.centre, 6);
  expect(Array.from(back.gap)).toEqual(Array.from(mouth.gap));
  for (const plane of ['y', 'u', 'v'] as const) expect(Buffer.compare(back[plane], mouth[plane])).toBe(0);
  expect(() => decodeInnerMouth(new Uint8Array(stored.subarray(0, stored.length - 1)))).toThrow(/length/);
  const wrong = Buffer.from(stored);
  wrong.write('PNG!', 0, 'ascii');
  expect(() => decodeInnerMouth(wrong)).toThrow(/Not a stored inner mouth/);
});

test("drawn into a gap, the person's stored inside matches their own mouth far better than the synthetic one", async () => {
  const { frame, mesh } = await faceFrame('sample5-face1-open');
  const stored: InnerMouth = decodeInnerMouth(encodeInnerMouth(innerMouthFromFrames([{ yuv: frame, mesh }])!));
  const pixels = gapPixels(mesh, frame);
  expect(pixels.length).toBeGreaterThan(500);
  const truth = pixels.map(({ x, y }) => frame.y[y * frame.width + x]!);
  const colour = new Float64Array(3);
  const drawn = (inner: InnerMouth | null) => {
    // The same gap as the frame's own (target = source mesh), coloured from `inner`.
    const fill = mouthFill(frame, mesh, mesh, inner, false);
    return pixels.map(({ x, y }) => {
      fillColour(fill, x + 0.5, y + 0.5, colour);
      return colour[0]!;
    });
  };
  const theirs = pearson(drawn(stored), truth);
  const synthetic = pearson(drawn(null), truth);
  expect(theirs).toBeGreaterThan(0.8);
  expect(theirs).toBeGreaterThan(synthetic + 0.2);
});
