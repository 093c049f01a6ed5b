// A long render cut into parts made apart and joined: the same picture as the render made whole, no seam at the joins,
// and the same sound.
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RenderInput } from '../../src/engine/generation-engine';
import { VIDEO_FPS } from '../../src/engine/video-format';
import { LocalEngine } from '../../src/engine/local/local-engine';
import { countVideoFrames, probeMedia } from '../../src/media/probe';
import { runFfmpeg } from '../../src/media/tools';
import { avatarOutputs, facePhoto, mediaDir, PORTRAIT } from './fixtures';
import { decodedAudio, grayFrames, mouthBoxOf, seamsOf } from './seams';

const engine = new LocalEngine();
let dir: string;
let base: Omit<RenderInput, 'output'>;
let speechSeconds: number;
let mouthBox: { x: number; y: number; width: number; height: number };
let matte: string;
const SENTENCE = 'Our quarterly results are in, and they are better than we expected. Thank you all for the hard work. ';

beforeAll(async () => {
  dir = mediaDir();
  // A photo avatar: the quickest kind to make.
  const outputs = avatarOutputs(dir, 'avatar');
  matte = outputs.matte;
  const avatar = await engine.processAvatar({ file: await facePhoto(dir, PORTRAIT), kind: 'photo' }, outputs);
  const speech = await engine.synthesizeSpeech(SENTENCE.repeat(4), 'en');
  speechSeconds = speech.durationSeconds;
  const audio = join(dir, 'speech.wav');
  writeFileSync(audio, speech.wav);
  base = {
    loop: avatar.loop,
    mouth: avatar.mouth,
    audio,
    phonemes: speech.phonemes,
    language: 'en',
    seed: 'segments',
    watermark: true,
    captions: {
      cues: [0, 1, 2, 3, 4, 5].map((n) => ({ startMs: n * 4000, endMs: n * 4000 + 3500, text: `Caption ${n}` })),
      burnIn: true,
      style: { size: 'medium', position: 'bottom', color: '#FFFFFF', box_color: null },
    },
  };
  mouthBox = mouthBoxOf(avatar.mouth!);
}, 300_000);
afterAll(() => {
  engine.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a long render is cut at pauses into parts of about the asked length; a short one, or one without a face track, is made whole', async () => {
  const cuts = await engine.segmentsOf({ ...base, output: '' }, 8);
  const frames = Math.ceil(speechSeconds * VIDEO_FPS);
  expect(cuts![0]).toBe(0);
  expect(cuts!.at(-1)).toBe(frames);
  expect(cuts!.length - 1).toBe(Math.round(speechSeconds / 8));
  for (let part = 1; part < cuts!.length - 1; part += 1) {
    expect(Math.abs(cuts![part]! - Math.round((part * frames) / (cuts!.length - 1)))).toBeLessThanOrEqual(2 * VIDEO_FPS);
  }
  expect(await engine.segmentsOf({ ...base, output: '' }, speechSeconds)).toBeNull();
  expect(await engine.segmentsOf({ ...base, mouth: null, output: '' }, 8)).toBeNull();
}, 60_000);

test('the parts joined are the whole render: same frames, no seam at the joins, the same sound', async () => {
  const whole = join(dir, 'whole.mp4');
  await engine.renderVideo({ ...base, output: whole });
  const cuts = (await engine.segmentsOf({ ...base, output: '' }, 8))!;
  const parts = cuts.slice(1).map((_, index) => join(dir, `part-${index}.mp4`));
  // Two at a time, as two workers would.
  await Promise.all(
    [0, 1].map(async (worker) => {
      for (let index = worker; index < parts.length; index += 2) {
        await engine.renderSegment({ ...base, output: parts[index]! }, { from: cuts[index]!, to: cuts[index + 1]! });
      }
    }),
  );
  const thumbnail = join(dir, 'joined.jpg');
  const joined = join(dir, 'joined.mp4');
  const result = await engine.joinSegments(parts, { ...base, output: joined, thumbnail });

  const frames = await countVideoFrames(joined);
  expect(Math.abs(frames - speechSeconds * VIDEO_FPS)).toBeLessThanOrEqual(1);
  expect(Math.abs(frames - (await countVideoFrames(whole)))).toBeLessThanOrEqual(1);
  expect(Math.abs(result.durationSeconds - speechSeconds)).toBeLessThan(0.1);
  expect((await probeMedia(thumbnail))?.video).toBeDefined();

  // Frame for frame the same picture as the whole render (only the encoding differs): the loop, the face and the
  // captions go on across the joins.
  const small = { width: 160, height: 160 };
  const [a, b] = await Promise.all([grayFrames(whole, small), grayFrames(joined, small)]);
  const worst = Math.max(...a.slice(0, b.length).map((frame, n) => meanDifference(frame, b[n]!)));
  expect(worst).toBeLessThan(2.5);

  const joins = cuts.slice(1, -1);
  for (const region of [null, mouthBox]) {
    const seams = seamsOf(await grayFrames(joined, region ? { crop: region } : small), joins);
    expect(seams.atJoins.length).toBe(joins.length);
    for (const step of seams.atJoins) expect(step).toBeLessThanOrEqual(seams.largestElsewhere);
  }

  expect(Buffer.compare(await decodedAudio(joined), await decodedAudio(whole))).toBe(0);
}, 900_000);

test('over a video background, the parts joined show the background going on across the joins as the whole render does', async () => {
  // A picture that changes every frame, shorter than the video (it loops): a part that started it again would show.
  const backdrop = join(dir, 'backdrop.mp4');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=320x180:rate=25:duration=3', '-c:v', 'libx264', '-pix_fmt', 'yuv420p', backdrop]);
  const framed = {
    ...base,
    captions: undefined,
    watermark: false,
    matte,
    framing: {
      frame: { width: 640, height: 360 },
      background: { type: 'video' as const, file: backdrop },
      placement: { position: 'corner' as const, scale: 1 },
    },
  };
  const whole = join(dir, 'framed-whole.mp4');
  await engine.renderVideo({ ...framed, output: whole });
  const cuts = (await engine.segmentsOf({ ...framed, output: '' }, 8))!;
  const parts = cuts.slice(1).map((_, index) => join(dir, `framed-part-${index}.mp4`));
  for (const [index, part] of parts.entries()) {
    await engine.renderSegment({ ...framed, output: part }, { from: cuts[index]!, to: cuts[index + 1]! });
  }
  const joined = join(dir, 'framed-joined.mp4');
  await engine.joinSegments(parts, { ...framed, output: joined, thumbnail: join(dir, 'framed-joined.jpg') });

  // The frame's top left quarter is background only (the person is in the circle at a corner below it).
  const background = { crop: { x: 0, y: 0, width: 320, height: 180 } };
  const [a, b] = await Promise.all([grayFrames(whole, background), grayFrames(joined, background)]);
  expect(cuts.length).toBeGreaterThan(2);
  expect(Math.abs(a.length - b.length)).toBeLessThanOrEqual(1);
  const worst = Math.max(...b.slice(0, a.length).map((frame, n) => meanDifference(frame, a[n]!)));
  expect(worst).toBeLessThan(2.5);
}, 900_000);

const meanDifference = (a: Buffer, b: Buffer) => {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += Math.abs(a[i]! - b[i]!);
  return sum / a.length;
};
