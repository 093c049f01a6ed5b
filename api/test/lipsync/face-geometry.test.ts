import { dirname, join } from 'node:path';
import { facesWithLandmarks, FRAME_HEIGHT, FRAME_WIDTH } from '../../src/engine/footage/face-detector';
import { CLOSED_LIPS, lipGapOf, mouthPoseOf, yawOf } from '../../src/engine/footage/face-geometry';
import { runFfmpeg } from '../../src/media/tools';

const sample3 = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', 'sample3.jpg');

/** A photo (optionally cropped, in its own pixels) letterboxed to the detector's 640x480 RGB. */
async function photo(crop = '') {
  const fit = `scale=${FRAME_WIDTH}:${FRAME_HEIGHT}:force_original_aspect_ratio=decrease,pad=${FRAME_WIDTH}:${FRAME_HEIGHT}:(ow-iw)/2:(oh-ih)/2`;
  const { stdout } = await runFfmpeg([
    '-i',
    sample3,
    '-frames:v',
    '1',
    '-vf',
    `${crop}${fit}`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ]);
  return new Uint8Array(stdout.buffer, stdout.byteOffset, stdout.byteLength);
}

test('a group photo holds several faces; the left face of sample3, cropped, is one frontal face with closed lips', async () => {
  expect((await facesWithLandmarks(await photo())).length).toBeGreaterThanOrEqual(2);
  const faces = await facesWithLandmarks(await photo('crop=480:480:445:172,'));
  expect(faces).toHaveLength(1);
  const [face] = faces;
  expect(face!.points).toHaveLength(68);
  const mouth = mouthPoseOf(face!.points);
  expect(mouth.width).toBeGreaterThan(40);
  expect(Math.abs(mouth.angle)).toBeLessThan(0.15);
  // The mouth lies in the lower half of the face box, between its sides.
  expect(mouth.cx).toBeGreaterThan(face!.box.x);
  expect(mouth.cx).toBeLessThan(face!.box.x + face!.box.width);
  expect(mouth.cy).toBeGreaterThan(face!.box.y + face!.box.height / 2);
  expect(lipGapOf(face!.points)).toBeLessThan(CLOSED_LIPS);
  expect(Math.abs(yawOf(face!.points))).toBeLessThan(0.35);
}, 60_000);

test('turning the head one way or the other turns the sign of the yaw; parted lips read as open', () => {
  // A schematic frontal face: jaw from x 0 to 100, nose tip at 50, mouth corners at 35 and 65.
  const points = Array.from({ length: 68 }, (_, i) => ({
    x: i <= 16 ? (i / 16) * 100 : 50,
    y: i <= 16 ? 40 + Math.sin((i / 16) * Math.PI) * 40 : 50,
  }));
  points[48] = { x: 35, y: 75 };
  points[54] = { x: 65, y: 75 };
  for (const i of [60, 61, 62, 63, 64, 65, 66, 67]) points[i] = { x: 50, y: 75 };
  expect(yawOf(points)).toBeCloseTo(0, 5);
  expect(lipGapOf(points)).toBe(0);
  expect(yawOf(points.map((p, i) => (i === 30 ? { x: 62, y: p.y } : p)))).toBeLessThan(0);
  expect(yawOf(points.map((p, i) => (i === 30 ? { x: 38, y: p.y } : p)))).toBeGreaterThan(0);
  const parted = points.map((p, i) => ([65, 66, 67].includes(i) ? { x: p.x, y: 81 } : p));
  expect(lipGapOf(parted)).toBeCloseTo(0.2, 5);
});
