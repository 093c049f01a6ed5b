// Real faces for the face room's tests: crops of face-api's demo photos as raw yuv420p frames (made with ffmpeg at run
// time, nothing binary committed) and their meshes from fixtures/ (see fixtures/README.md for how they were made).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Mesh } from '../../src/engine/face-shapes';
import { yuvFrameOf, type YuvFrame } from '../../src/engine/draw/yuv';
import { runFfmpeg } from '../../src/media/tools';

type Fixture = { photo: string; crop: { width: number; height: number; x: number; y: number }; mesh: number[] };

/** sample3-face1: a frontal face, lips closed (the project's FACE_PHOTO / ONE_FACE); sample5-face1-open: mouth open, teeth showing. */
export type FaceName = 'sample3-face1' | 'sample5-face1-open';

const DEMO = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo');

export const fixture = (name: FaceName): Fixture => JSON.parse(readFileSync(join(__dirname, 'fixtures', `${name}.json`), 'utf8'));

async function decode(photo: string, filter: string, width: number, height: number): Promise<YuvFrame> {
  const { stdout } = await runFfmpeg([
    '-i',
    join(DEMO, photo.split('/').pop()!),
    '-vf',
    filter,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    'pipe:1',
  ]);
  expect(stdout.length).toBe((width * height * 3) / 2);
  return yuvFrameOf(new Uint8Array(stdout), width, height);
}

/** The fixture's crop of its photo and the face's mesh in it. */
export async function faceFrame(name: FaceName): Promise<{ frame: YuvFrame; mesh: Mesh }> {
  const f = fixture(name);
  const { width, height, x, y } = f.crop;
  return { frame: await decode(f.photo, `crop=${width}:${height}:${x}:${y}`, width, height), mesh: Float32Array.from(f.mesh) };
}

/** The whole photo scaled by `scale` (to even sizes), with the fixture's face's mesh moved into it: a small face in a big frame. */
export async function photoFrame(name: FaceName, width: number, height: number, scale: number): Promise<{ frame: YuvFrame; mesh: Mesh }> {
  const f = fixture(name);
  const mesh = Float32Array.from(f.mesh, (value, i) => (value + (i % 2 === 0 ? f.crop.x : f.crop.y)) * scale);
  return { frame: await decode(f.photo, `scale=${width}:${height}`, width, height), mesh };
}

/** The first frame of `input` through an ffmpeg `filter`, as packed RGB (what the face detector takes). */
export async function rgbStill(input: string, filter: string): Promise<Buffer> {
  return (await runFfmpeg(['-i', input, '-vf', filter, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'])).stdout;
}
