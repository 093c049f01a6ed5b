import { warpBox, warpMouth, type MouthPose, type YuvFrame } from '../../src/engine/lipsync/mouth-warp';

const W = 320;
const H = 240;

/** A face-like test card: a luma gradient with a darker lip line through the mouth, and tinted chroma. */
function testFrame(): YuvFrame {
  const y = new Uint8Array(W * H);
  for (let row = 0; row < H; row += 1) {
    for (let col = 0; col < W; col += 1)
      y[row * W + col] = Math.abs(row - 150) < 3 && Math.abs(col - 160) < 40 ? 70 : 90 + ((col + row) % 120);
  }
  return { width: W, height: H, y, u: new Uint8Array((W * H) / 4).fill(110), v: new Uint8Array((W * H) / 4).fill(150) };
}
const copy = (frame: YuvFrame): YuvFrame => ({ ...frame, y: frame.y.slice(), u: frame.u.slice(), v: frame.v.slice() });
const pose: MouthPose = { cx: 160, cy: 150, width: 80, angle: 0 };

function changedOutside(before: YuvFrame, after: YuvFrame, box: ReturnType<typeof warpBox>) {
  let changed = 0;
  for (let row = 0; row < H; row += 1) {
    for (let col = 0; col < W; col += 1) {
      const inside = col >= box.x0 && col < box.x1 && row >= box.y0 && row < box.y1;
      if (!inside && before.y[row * W + col] !== after.y[row * W + col]) changed += 1;
    }
  }
  for (let i = 0; i < before.u.length; i += 1) {
    const col = (i % (W / 2)) * 2;
    const row = Math.floor(i / (W / 2)) * 2;
    const inside = col >= box.x0 && col < box.x1 && row >= box.y0 && row < box.y1;
    if (!inside && (before.u[i] !== after.u[i] || before.v[i] !== after.v[i])) changed += 1;
  }
  return changed;
}

const mouthDifference = (before: YuvFrame, after: YuvFrame) => {
  let sum = 0;
  for (let row = 130; row < 190; row += 1)
    for (let col = 120; col < 200; col += 1) sum += Math.abs(before.y[row * W + col]! - after.y[row * W + col]!);
  return sum / (60 * 80);
};

test('a closed, unrounded mouth leaves the frame as it was', () => {
  const original = testFrame();
  const frame = copy(original);
  warpMouth(original, frame, pose, { open: 0, round: 0 });
  expect(Buffer.compare(frame.y, original.y)).toBe(0);
});

test('only the mouth region changes, even with the head tilted, in luma and chroma', () => {
  for (const angle of [0, 0.25, -0.4]) {
    const original = testFrame();
    const frame = copy(original);
    const tilted = { ...pose, angle };
    warpMouth(original, frame, tilted, { open: 1, round: 0.5 });
    expect(mouthDifference(original, frame)).toBeGreaterThan(5);
    expect(changedOutside(original, frame, warpBox(tilted, original))).toBe(0);
  }
});

test('the wider the mouth opens, the more it changes; the gap shows teeth under the upper lip and a dark cavity below', () => {
  const original = testFrame();
  const differences = [0.3, 0.6, 1].map((open) => {
    const frame = copy(original);
    warpMouth(original, frame, pose, { open, round: 0 });
    return mouthDifference(original, frame);
  });
  expect(differences[0]).toBeLessThan(differences[1]!);
  expect(differences[1]).toBeLessThan(differences[2]!);

  const frame = copy(original);
  warpMouth(original, frame, pose, { open: 1, round: 0 });
  const gap = 0.32 * pose.width;
  const column = (row: number) => frame.y[Math.round(row) * W + 160]!;
  expect(column(150 + gap * 0.05)).toBeGreaterThan(150);
  expect(column(150 + gap * 0.6)).toBeLessThan(50);
});
