import { rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { findFaces } from '../../src/engine/mesh/mesh';
import { checkPhoto, judgePhotoFaces } from '../../src/engine/footage/photo-check';
import type { FoundFace } from '../../src/engine/face-shapes';
import { runFfmpeg } from '../../src/media/tools';
import { FACE_PHOTO, mediaDir, ONE_FACE } from '../media/fixtures';
import { rgbStill } from './face-frames';

const demo = (name: string) => join(dirname(FACE_PHOTO), name);
const dir = mediaDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A picture made from `source` (a file, or ffmpeg's input options) through the ffmpeg filter `filter`. */
async function photo(name: string, source: string | string[], filter: string) {
  const file = join(dir, name);
  await runFfmpeg([...(typeof source === 'string' ? ['-i', source] : source), '-vf', filter, '-frames:v', '1', '-q:v', '2', file]);
  return file;
}

test('a frontal face with closed lips, large enough, can become an avatar', async () => {
  expect(await checkPhoto(await photo('good.jpg', FACE_PHOTO, ONE_FACE))).toBeNull();
});

test('each problem is refused with its reason', async () => {
  // sample3's two left faces side by side, of about one size.
  expect(await checkPhoto(await photo('two.jpg', FACE_PHOTO, 'crop=900:600:445:150'))).toBe('multiple_faces');
  // The good face at half size: 120 px from forehead to chin.
  expect(await checkPhoto(await photo('small.jpg', FACE_PHOTO, `${ONE_FACE},scale=240:240`))).toBe('face_too_small');
  // sample4's leftmost face, lips closed, turned to her left (human's yaw about -25 degrees), enlarged to 300 px tall.
  expect(await checkPhoto(await photo('turned.jpg', demo('sample4.jpg'), 'crop=400:400:127:135,scale=600:600'))).toBe('head_turned');
  // sample5's front face, looking at the camera with her mouth open.
  expect(await checkPhoto(await photo('open.jpg', demo('sample5.jpg'), 'crop=560:560:184:740'))).toBe('lips_open');
  // Not a face at all.
  expect(await checkPhoto(await photo('pattern.png', ['-f', 'lavfi', '-i', 'mandelbrot=size=640x480'], 'null'))).toBe('no_face_detected');
}, 60_000);

test('a face less than half as tall as the main one is background and does not count; a larger one does', async () => {
  const [face] = await findFaces(await rgbStill(FACE_PHOTO, ONE_FACE), 480, 480);
  /** The same face shrunk by `share` around its first point, as a second face. */
  const shrunk = (share: number): FoundFace => ({
    ...face!,
    mesh: face!.mesh.map((value, index) => face!.mesh[index % 2]! + (value - face!.mesh[index % 2]!) * share),
  });
  expect(judgePhotoFaces([face!])).toBeNull();
  expect(judgePhotoFaces([face!, shrunk(0.45)])).toBeNull();
  expect(judgePhotoFaces([face!, shrunk(0.6)])).toBe('multiple_faces');
  // The size limit holds for the photo: the same face found in a copy twice the photo's size is half as tall.
  expect(judgePhotoFaces([face!], 2)).toBe('face_too_small');
});
