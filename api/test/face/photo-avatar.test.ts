// An avatar from one photo, judged on a 30 s video rendered from it, with the face mesh detected again on the OUTPUT
// frames: it blinks at a natural rate, the head moves a little (not too much), and everything beyond the head and a
// margin around it stays the photo's own pixels. Photos it cannot be made from are refused with their reason.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMeshTrack } from '../../src/engine/mesh/mesh-track';
import { headRegion } from '../../src/engine/draw/head-motion';
import { LocalEngine } from '../../src/engine/local/local-engine';
import { pcmToWav, wavSampleRate } from '../../src/engine/speech/wav';
import { probeMedia } from '../../src/media/probe';
import { runFfmpeg } from '../../src/media/tools';
import { FACE_PHOTO, mediaDir, textFile, avatarOutputs, PORTRAIT } from '../media/fixtures';
import { measureVideo } from './measure';

const SENTENCES = [
  'Hello, I am an avatar made from a single photo.',
  'I can read any script you write for me, in many languages.',
  'My big brown puppy likes five very fine violins.',
  'Who knew you would move to Boston too?',
];

const engine = new LocalEngine();
let dir: string;
let photo: string;

beforeAll(() => {
  dir = mediaDir();
});
afterAll(() => {
  engine.close();
  rmSync(dir, { recursive: true, force: true });
});

const outputs = (name: string) => avatarOutputs(dir, name);

/** Speech at least `seconds` long: the sentences over and over, with short pauses. */
async function speechOf(seconds: number) {
  const parts: Buffer[] = [];
  let total = 0;
  let rate = 0;
  for (let i = 0; total < seconds; i += 1) {
    const speech = await engine.synthesizeSpeech(SENTENCES[i % SENTENCES.length]!, 'en');
    rate = wavSampleRate(speech.wav);
    parts.push(speech.wav.subarray(44), Buffer.alloc(Math.round(0.4 * rate) * 2));
    total += speech.durationSeconds + 0.4;
  }
  return pcmToWav(Buffer.concat(parts), rate);
}

/** Runs where `values` are below `limit`: how many separate dips. */
const dips = (values: number[], limit: number) => values.filter((value, i) => value < limit && !(values[i - 1]! < limit)).length;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const std = (values: number[]) => {
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
};

describe('a photo avatar speaking for 30 s', () => {
  let video: string;
  let loop: string;
  let track: NonNullable<ReturnType<typeof readMeshTrack>>;
  beforeAll(async () => {
    photo = join(dir, 'portrait.png');
    await runFfmpeg(['-i', PORTRAIT.photo, '-vf', PORTRAIT.crop, photo]);
    const avatar = await engine.processAvatar({ file: photo, kind: 'photo' }, outputs('photo'));
    loop = avatar.loop;
    track = readMeshTrack(avatar.mouth!)!;
    const audio = join(dir, 'speech.wav');
    writeFileSync(audio, await speechOf(30));
    video = join(dir, 'photo-talks.mp4');
    await engine.renderVideo({ loop, mouth: avatar.mouth, audio, language: 'en', seed: 'photo-avatar', output: video, watermark: false });
  }, 300_000);

  test('the avatar is an idle loop of the photo that blinks already, at the photo size', async () => {
    expect(track).toMatchObject({ playback: 'cycle', blinks: true, width: 640, height: 640 });
    expect(await probeMedia(loop)).toMatchObject({ video: { width: 640, height: 640 } });
    expect((await probeMedia(video))!.durationSeconds!).toBeGreaterThan(29.5);
  });

  test('5-15 blinks in 30 s, the nose tip moving by more than 0.5 px but less than 2 % of the face width', async () => {
    // Every frame: a blink's shut lids last a frame or two, and every other frame would miss half of them.
    const seen = (await measureVideo(video)).filter((frame) => frame.mesh);
    expect(seen.length).toBeGreaterThan(720);
    const eyes = seen.map((frame) => frame.eyes);
    const blinks = dips(eyes, 0.6 * median(eyes));
    const motion = Math.hypot(std(seen.map((frame) => frame.nose.x)), std(seen.map((frame) => frame.nose.y)));
    const faceWidth = median(seen.map((frame) => frame.faceWidth));
    console.log(`blinks in 30 s: ${blinks}; nose tip std ${motion.toFixed(2)} px, face ${faceWidth.toFixed(0)} px wide`);
    expect(blinks).toBeGreaterThanOrEqual(5);
    expect(blinks).toBeLessThanOrEqual(15);
    expect(motion).toBeGreaterThan(0.5);
    expect(motion).toBeLessThan(0.02 * faceWidth);
  }, 300_000);

  test("beyond the head and its margin every frame is the photo's own picture, within the encoder's noise", async () => {
    const box = headRegion(track.meshes[0]!).box;
    const grey = async (file: string, select: string[]) =>
      (await runFfmpeg(['-i', file, ...select, '-vf', 'scale=640:640:flags=area', '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1'])).stdout;
    const source = await grey(photo, ['-frames:v', '1']);
    const frames = await grey(video, ['-vf', 'fps=2']);
    const outside: number[] = [];
    for (let y = 0; y < 640; y += 1) {
      for (let x = 0; x < 640; x += 1) if (x < box.x0 - 2 || x > box.x1 + 2 || y < box.y0 - 2 || y > box.y1 + 2) outside.push(y * 640 + x);
    }
    expect(outside.length).toBeGreaterThan(640 * 64);
    const count = frames.length / source.length;
    let worst = 0;
    for (let f = 0; f < count; f += 1) {
      let sum = 0;
      for (const i of outside) sum += Math.abs(frames[f * source.length + i]! - source[i]!);
      worst = Math.max(worst, sum / outside.length);
    }
    console.log(`outside the head (${outside.length} pixels): worst frame differs from the photo by ${worst.toFixed(2)} levels on average`);
    expect(worst).toBeLessThan(2);
  }, 120_000);
});

describe('photos an avatar cannot be made from are refused with their reason', () => {
  const sample = (n: number) => FACE_PHOTO.replace('sample3', `sample${n}`);
  const refused = async (name: string, input: string, filter?: string) => {
    const file = join(dir, `${name}.png`);
    if (filter) await runFfmpeg(['-i', input, '-vf', filter, file]);
    return engine.processAvatar({ file: filter ? file : input, kind: 'photo' }, outputs(name)).then(
      () => 'accepted',
      (error: { reason?: string }) => error.reason,
    );
  };

  test.each([
    ['two faces', 'multiple_faces', sample(3), 'crop=1160:600:445:150'],
    ['a turned head', 'head_turned', sample(4), 'crop=420:420:120:130,scale=640:640'],
    ['open lips', 'lips_open', sample(5), 'crop=560:560:184:740'],
    ['a face too small', 'face_too_small', sample(6), 'crop=640:640:38:318,scale=300:300'],
  ])(
    '%s: %s',
    async (name, reason, input, filter) => {
      expect(await refused(name.replace(/ /g, '-'), input, filter)).toBe(reason);
    },
    60_000,
  );

  test('something that is not a picture: not_an_image', async () => {
    expect(await refused('text', textFile(dir, 'notes.png'))).toBe('not_an_image');
  });
});
