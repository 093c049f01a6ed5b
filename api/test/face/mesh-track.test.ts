import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMeshTrack, trackMesh, writeMeshTrack, type MeshTrack } from '../../src/engine/mesh/mesh-track';
import { MESH_POINTS } from '../../src/engine/mesh/mesh';
import { NOSE_TIP, pointOf } from '../../src/engine/mesh/topology';
import type { Mesh } from '../../src/engine/face-shapes';
import { runFfmpeg } from '../../src/media/tools';
import { FACE_PHOTO, mediaDir, ONE_FACE } from '../media/fixtures';

const FPS = 25;
const SIZE = 640;
/** A still face's points move less than this from frame to frame (RMS over points and frames, pixels). */
const MAX_JITTER = 0.3;

const dir = mediaDir();
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The tests' face (sample3's left face) as a 640x640 clip at 25 fps with a camera's moving grain; `filters` act on the 480x480 crop. */
async function faceClip(name: string, seconds: number, crop = ONE_FACE, filters: string[] = []) {
  const file = join(dir, name);
  await runFfmpeg([
    '-loop',
    '1',
    '-framerate',
    String(FPS),
    '-i',
    FACE_PHOTO,
    '-t',
    String(seconds),
    '-vf',
    [crop, ...filters, `scale=${SIZE}:${SIZE}`, 'noise=alls=8:allf=t', 'format=yuv420p'].join(','),
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-crf',
    '20',
    file,
  ]);
  return file;
}

const track = (clip: string, seconds: number) => trackMesh(clip, { width: SIZE, height: SIZE, fps: FPS, frames: seconds * FPS });

/** The mean x of the 468 mesh points. */
const centreX = (mesh: Mesh) => Array.from({ length: 468 }, (_, index) => mesh[2 * index]!).reduce((a, b) => a + b, 0) / 468;

/** RMS of every point's frame-to-frame movement. */
function jitter(meshes: Mesh[]) {
  let sum = 0;
  for (let frame = 1; frame < meshes.length; frame += 1) {
    for (let index = 0; index < meshes[frame]!.length; index += 1) sum += (meshes[frame]![index]! - meshes[frame - 1]![index]!) ** 2;
  }
  return Math.sqrt(sum / ((meshes.length - 1) * MESH_POINTS));
}

test(`a still face: one mesh per frame, its points moving less than ${MAX_JITTER} px between frames, no blinks`, async () => {
  const progress: number[] = [];
  const result = await trackMesh(await faceClip('still.mp4', 3), { width: SIZE, height: SIZE, fps: FPS, frames: 75 }, (fraction) =>
    progress.push(fraction),
  );
  expect(result).toMatchObject({ fps: FPS, width: SIZE, height: SIZE, blinks: false });
  expect(result!.meshes).toHaveLength(75);
  expect(progress.at(-1)).toBe(1);
  const nose = pointOf(result!.meshes[0]!, NOSE_TIP);
  expect(nose.x).toBeGreaterThan(SIZE * 0.3);
  expect(nose.x).toBeLessThan(SIZE * 0.6);
  expect(jitter(result!.meshes)).toBeLessThan(MAX_JITTER);
}, 120_000);

test('a moving face is followed without lag: the face pans with the picture, in step and as far', async () => {
  // The crop window swings ±20 source pixels (±26.7 clip pixels) once every 2 s, so the face swings the other way.
  const amplitude = 20 * (SIZE / 480);
  const clip = await faceClip('pan.mp4', 4, "crop=480:480:'445+20*sin(PI*t)':172");
  const result = await track(clip, 4);
  const xs = result!.meshes.map(centreX);
  const expected = (frame: number) => -amplitude * Math.sin((Math.PI * frame) / FPS);
  // Least squares of x = c + k * expected(frame - lag) for whole-frame lags: the best lag is 0 and k about 1.
  const fit = (lag: number) => {
    const frames = xs.map((_, frame) => frame).slice(3, -3);
    const e = frames.map((frame) => expected(frame - lag));
    const x = frames.map((frame) => xs[frame]!);
    const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length;
    const [me, mx] = [mean(e), mean(x)];
    const k = e.reduce((sum, value, i) => sum + (value - me) * (x[i]! - mx), 0) / e.reduce((sum, value) => sum + (value - me) ** 2, 0);
    const residual = Math.sqrt(mean(x.map((value, i) => (value - mx - k * (e[i]! - me)) ** 2)));
    return { lag, k, residual };
  };
  const fits = [-3, -2, -1, 0, 1, 2, 3].map(fit);
  const best = fits.reduce((a, b) => (b.residual < a.residual ? b : a));
  expect(best.lag).toBe(0);
  expect(best.k).toBeGreaterThan(0.9);
  expect(best.k).toBeLessThan(1.1);
  expect(best.residual).toBeLessThan(1.2);
}, 120_000);

test('eyes closed for a few frames read as blinks', async () => {
  // Skin-coloured lids with a dark lash line painted over both eyes for 4 frames (2.0-2.15 s).
  const during = "enable='between(t,2,2.15)'";
  const lids = [
    `drawbox=x=166:y=249:w=46:h=22:color=0xB8704A:t=fill:${during}`,
    `drawbox=x=252:y=251:w=48:h=20:color=0xB8704A:t=fill:${during}`,
    `drawbox=x=168:y=262:w=42:h=2:color=0x50302A:t=fill:${during}`,
    `drawbox=x=254:y=263:w=44:h=2:color=0x50302A:t=fill:${during}`,
  ];
  const result = await track(await faceClip('blink.mp4', 3, ONE_FACE, lids), 3);
  expect(result!.blinks).toBe(true);
}, 120_000);

test('no face anywhere: no track', async () => {
  const file = join(dir, 'pattern.mp4');
  await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    `testsrc=size=${SIZE}x${SIZE}:rate=${FPS}:duration=1`,
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    file,
  ]);
  expect(await track(file, 1)).toBeNull();
}, 60_000);

describe('the track file', () => {
  const meshes = Array.from({ length: 3 }, (_, frame) => Float32Array.from({ length: MESH_POINTS * 2 }, (_, i) => frame * 1000 + i + 0.25));
  const stored: MeshTrack = { fps: FPS, width: 1280, height: 720, meshes, blinks: true, playback: 'bounce', inner: null };
  const texels = 4 * 2;
  const inner = {
    width: 4,
    height: 2,
    y: Uint8Array.from({ length: texels }, (_, i) => 100 + i),
    u: new Uint8Array(texels).fill(120),
    v: new Uint8Array(texels).fill(140),
    gap: Float32Array.from([0.1, 0.2, 0.2, 0.1]),
    // Stored as 32-bit floats: values a float holds exactly.
    span: 0.75,
    centre: 0,
  };

  test('round-trips: header, every coordinate, how the loop plays and the inner mouth', () => {
    const file = join(dir, 'track.mesh');
    writeMeshTrack(file, stored);
    expect(readMeshTrack(file)).toEqual(stored);
    const photo: MeshTrack = { ...stored, playback: 'cycle', inner };
    writeMeshTrack(file, photo);
    expect(readMeshTrack(file)).toEqual(photo);
  });

  test('a missing, damaged or truncated file, or an older mouth track, reads as none', () => {
    expect(readMeshTrack(join(dir, 'missing.mesh'))).toBeNull();
    const damaged = join(dir, 'damaged.mesh');
    writeFileSync(damaged, 'not a track\n\u0000\u0001');
    expect(readMeshTrack(damaged)).toBeNull();
    const truncated = join(dir, 'truncated.mesh');
    writeMeshTrack(truncated, stored);
    writeFileSync(truncated, readFileSync(truncated).subarray(0, -4));
    expect(readMeshTrack(truncated)).toBeNull();

    // An avatar made before the face mesh: its mouth track as that version wrote it (the renderer tracks its loop anew).
    const mouth = join(dir, 'mouth.json');
    writeFileSync(mouth, JSON.stringify({ fps: FPS, width: 1280, height: 720, poses: [[640, 500, 90, 0]] }));
    expect(readMeshTrack(mouth)).toBeNull();
  });
});
