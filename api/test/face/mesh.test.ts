import { detectFaces, letterboxedFrames } from '../../src/engine/footage/face-detector';
import { findFaces, MESH_POINTS } from '../../src/engine/mesh/mesh';
import {
  CHIN,
  eyeAspectRatio,
  faceHeight,
  faceWidth,
  LEFT_EYE,
  lipGap,
  LIPS,
  mouthWidth,
  NOSE_TIP,
  pointOf,
  RIGHT_EYE,
  roll,
  TRIANGLES,
} from '../../src/engine/mesh/topology';
import { runFfmpeg } from '../../src/media/tools';
import { FACE_PHOTO, ONE_FACE } from '../media/fixtures';
import { rgbStill } from './face-frames';

const SIZE = 480;

test('the triangulation covers the 468 mesh points with 880 triangles, without loading a model', () => {
  expect(TRIANGLES).toHaveLength(880 * 3);
  expect(Math.max(...TRIANGLES)).toBe(467);
  expect(new Set(TRIANGLES).size).toBe(468);
});

test('face-api, loaded first, keeps working beside the mesh in one process', async () => {
  const { frames, done } = letterboxedFrames(FACE_PHOTO, ONE_FACE);
  const letterboxed: Uint8Array[] = [];
  for await (const rgb of frames) letterboxed.push(rgb);
  await done;
  const [frame] = letterboxed;
  expect(await detectFaces(frame!)).toHaveLength(1);
  expect(await findFaces(await rgbStill(FACE_PHOTO, ONE_FACE), SIZE, SIZE)).toHaveLength(1);
  expect(await detectFaces(frame!)).toHaveLength(1);
});

test('a frontal face: one mesh of 478 points, with lips, eyes, nose and chin where a face has them', async () => {
  const faces = await findFaces(await rgbStill(FACE_PHOTO, ONE_FACE), SIZE, SIZE);
  expect(faces).toHaveLength(1);
  const { mesh, box, score } = faces[0]!;
  expect(mesh).toHaveLength(MESH_POINTS * 2);
  expect(score).toBeGreaterThan(0.8);
  for (const value of mesh) {
    expect(value).toBeGreaterThanOrEqual(0);
    expect(value).toBeLessThanOrEqual(SIZE);
  }
  // The box is the mesh's extent; the face fills about half the crop.
  expect(box.height).toBeGreaterThan(200);
  expect(faceHeight(mesh)).toBeGreaterThan(200);
  expect(faceWidth(mesh)).toBeGreaterThan(150);
  expect(faceWidth(mesh)).toBeLessThanOrEqual(box.width + 1);

  const nose = pointOf(mesh, NOSE_TIP);
  const [left, right] = LIPS.corners.map((index) => pointOf(mesh, index));
  expect(left!.x).toBeLessThan(nose.x);
  expect(right!.x).toBeGreaterThan(nose.x);
  expect(Math.min(left!.y, right!.y)).toBeGreaterThan(nose.y);
  expect(pointOf(mesh, CHIN).y).toBeGreaterThan(Math.max(left!.y, right!.y));
  expect(mouthWidth(mesh)).toBeGreaterThan(0.25 * faceWidth(mesh));
  // Upper lip above lower lip, outer contour outside the inner one.
  expect(pointOf(mesh, LIPS.outerUpper[5]).y).toBeLessThan(pointOf(mesh, LIPS.innerUpper[5]).y);
  expect(pointOf(mesh, LIPS.outerLower[5]).y).toBeGreaterThan(pointOf(mesh, LIPS.innerLower[5]).y);
  // Closed lips.
  expect(lipGap(mesh)).toBeLessThan(0.1);

  // The subject's right eye is on the image's left; each iris centre lies between its eye's corners.
  for (const eye of [RIGHT_EYE, LEFT_EYE]) {
    const corners = [pointOf(mesh, eye.outerCorner).x, pointOf(mesh, eye.innerCorner).x];
    const iris = pointOf(mesh, eye.irisCentre);
    expect(iris.x).toBeGreaterThan(Math.min(...corners));
    expect(iris.x).toBeLessThan(Math.max(...corners));
    expect(iris.y).toBeLessThan(nose.y);
    expect(eyeAspectRatio(mesh, eye)).toBeGreaterThan(0.2);
    expect(eyeAspectRatio(mesh, eye)).toBeLessThan(0.5);
  }
  expect(pointOf(mesh, RIGHT_EYE.irisCentre).x).toBeLessThan(nose.x);
  expect(pointOf(mesh, LEFT_EYE.irisCentre).x).toBeGreaterThan(nose.x);
  expect(Math.abs(roll(mesh))).toBeLessThan(0.1);
});

test('several faces come biggest first; a picture without a face has none', async () => {
  const rgb = await rgbStill(FACE_PHOTO, 'scale=960:-2');
  const faces = await findFaces(rgb, 960, rgb.length / 960 / 3);
  expect(faces).toHaveLength(3);
  const heights = faces.map((face) => face.box.height);
  expect(heights).toEqual([...heights].sort((a, b) => b - a));

  const pattern = await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=640x480',
    '-frames:v',
    '1',
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgb24',
    'pipe:1',
  ]);
  expect(await findFaces(pattern.stdout, 640, 480)).toEqual([]);
  await expect(findFaces(pattern.stdout, 640, 479)).rejects.toThrow(/not a 640x479 RGB image/);
});
