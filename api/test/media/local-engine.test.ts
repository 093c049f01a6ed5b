import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readMeshTrack } from '../../src/engine/mesh/mesh-track';
import { LIPS, mouthWidth, pointOf } from '../../src/engine/mesh/topology';
import { LocalEngine } from '../../src/engine/local/local-engine';
import { probeMedia } from '../../src/media/probe';
import { runFfmpeg } from '../../src/media/tools';
import { mediaDir, testPatternVideo, tone, avatarOutputs, speakingFaceClip } from './fixtures';
import { shareProcessedAvatars } from './shared-avatars';

// The speaking face's avatar is made once for the suites that use it.
shareProcessedAvatars();

const engine = new LocalEngine();
let dir: string;
let speechWav: string;
const SCRIPT =
  'Welcome to Kagami. In this short video I will explain how our team works, what we build for our customers, and how you can get started today. Thank you for watching.';

beforeAll(async () => {
  dir = mediaDir();
  speechWav = join(dir, 'speech.wav');
  writeFileSync(speechWav, (await engine.synthesizeSpeech(SCRIPT, 'en')).wav);
});
afterAll(() => {
  engine.close();
  rmSync(dir, { recursive: true, force: true });
});

const outputs = (name: string) => avatarOutputs(dir, name);
const footage = (file: string) => ({ file, kind: 'video' as const });
/** The avatar of the speaking face clip, processed once for the tests that check it and those that render with it. */
let avatar: ReturnType<LocalEngine['processAvatar']> | undefined;
const speakingAvatar = () => (avatar ??= speakingFaceClip(dir).then((clip) => engine.processAvatar(footage(clip), outputs('avatar'))));

test('an avatar from a face clip: preview, normalised clip, seamless loop, and a default voice from its speech', async () => {
  const result = await speakingAvatar();
  expect((await probeMedia(result.preview))?.video?.codec).toBe('mjpeg');
  const clip = await probeMedia(result.clip);
  expect(clip).toMatchObject({ video: { codec: 'h264', fps: 25 }, audio: null });
  const loop = await probeMedia(result.loop);
  expect(loop!.durationSeconds!).toBeCloseTo(clip!.durationSeconds! * 2, 0);
  // The still face is steady from the start: the clip is the longest it can be, and the face was followed in every frame.
  expect(clip!.durationSeconds!).toBeCloseTo(12, 0);
  const track = readMeshTrack(result.mouth!);
  expect(track).toMatchObject({ fps: 25, width: 640, height: 640, playback: 'bounce' });
  expect(track!.meshes).toHaveLength(300);
  for (const mesh of [track!.meshes[0]!, track!.meshes[299]!]) {
    const corner = pointOf(mesh, LIPS.corners[0]);
    expect(corner.x).toBeGreaterThan(200);
    expect(corner.x).toBeLessThan(390);
    expect(corner.y).toBeGreaterThan(400);
    expect(mouthWidth(mesh)).toBeGreaterThan(50);
  }
  expect(result.defaultVoice).not.toBeNull();
  expect(result.defaultVoice!.medianPitchHz).toBeGreaterThan(70);
}, 120_000);

test('a clip without a face is no_face_detected; a 20 s clip is video_too_short', async () => {
  await expect(engine.processAvatar(footage(await testPatternVideo(dir, 35)), outputs('faceless'))).rejects.toMatchObject({
    reason: 'no_face_detected',
  });
  await expect(engine.processAvatar(footage(await testPatternVideo(dir, 20)), outputs('short'))).rejects.toMatchObject({
    reason: 'video_too_short',
  });
  expect(existsSync(join(dir, 'faceless.mp4'))).toBe(false);
}, 120_000);

test('a voice from a WAV: a measured profile and a spoken sample in its language', async () => {
  const result = await engine.processVoice(speechWav, 'ja', join(dir, 'voice-sample.mp3'));
  expect(result.profile.medianPitchHz).toBeGreaterThan(70);
  const sample = await probeMedia(result.sample);
  expect(sample).toMatchObject({ formatName: 'mp3' });
  expect(sample!.durationSeconds!).toBeGreaterThan(2);
  await expect(engine.processVoice(await tone(dir, 3, 'silent.wav', ['-af', 'volume=0']), 'en', join(dir, 'x.mp3'))).rejects.toMatchObject({
    reason: 'no_speech_detected',
  });
});

describe('rendering', () => {
  let loop: string;
  let mouth: string;
  beforeAll(async () => {
    ({ loop, mouth } = (await speakingAvatar()) as { loop: string; mouth: string });
  }, 120_000);

  test('an avatar made before lip-sync (no mouth track) still renders, at its own size', async () => {
    const audio = await tone(dir, 2, 'old-avatar.wav');
    const output = join(dir, 'old-avatar.mp4');
    await engine.renderVideo({ loop, mouth: null, audio, output, watermark: true });
    expect(await probeMedia(output)).toMatchObject({ video: { codec: 'h264', width: 640, height: 640 }, audio: { codec: 'aac' } });
  }, 120_000);

  test('an avatar made before the face mesh (an older mouth track) renders with the new face, its track replaced once', async () => {
    const old = join(dir, 'old-mouth.json');
    writeFileSync(old, JSON.stringify({ fps: 25, width: 640, height: 640, poses: [[320, 470, 90, 0]] }));
    const speech = await engine.synthesizeSpeech('Old avatars talk too.', 'en');
    const audio = join(dir, 'old-mouth.wav');
    writeFileSync(audio, speech.wav);
    const output = join(dir, 'old-mouth.mp4');
    const rendered = await engine.renderVideo({ loop, mouth: old, audio, phonemes: speech.phonemes, output, watermark: false });
    expect(rendered.timings).toBeDefined();
    expect(readMeshTrack(old)).toMatchObject({ playback: 'cycle', width: 640, height: 640 });
    expect(readMeshTrack(old)!.meshes).toHaveLength(600);
  }, 180_000);

  test('a video from a script: H.264 + AAC, as long as the speech within 0.5 s', async () => {
    const speech = await engine.synthesizeSpeech('Our quarterly results are in, and they are better than we expected.', 'en');
    const audio = join(dir, 'script.wav');
    writeFileSync(audio, speech.wav);
    const output = join(dir, 'from-script.mp4');
    await engine.renderVideo({ loop, mouth, audio, phonemes: speech.phonemes, output, watermark: true });
    const video = await probeMedia(output);
    expect(video).toMatchObject({ video: { codec: 'h264', height: 640 }, audio: { codec: 'aac' } });
    expect(Math.abs(video!.durationSeconds! - speech.durationSeconds)).toBeLessThan(0.5);
  }, 120_000);

  /** Grey pixels of one frame, 1 s in, inside `crop` (an ffmpeg crop expression). */
  const frame = async (file: string, crop: string) =>
    (await runFfmpeg(['-ss', '1', '-i', file, '-frames:v', '1', '-vf', `crop=${crop}`, '-f', 'rawvideo', '-pix_fmt', 'gray', 'pipe:1']))
      .stdout;
  const changedShare = (a: Buffer, b: Buffer) => {
    let changed = 0;
    for (let i = 0; i < a.length; i += 1) if (Math.abs(a[i]! - b[i]!) > 40) changed += 1;
    return changed / a.length;
  };

  test('captions are burned in when asked: the lower part of the picture differs', async () => {
    const audio = join(dir, 'subtitled.wav');
    writeFileSync(audio, (await engine.synthesizeSpeech('Subtitles make videos easier to follow.', 'en')).wav);
    const plain = join(dir, 'plain.mp4');
    const subtitled = join(dir, 'subtitled.mp4');
    await engine.renderVideo({ loop, mouth, audio, output: plain, watermark: false });
    await engine.renderVideo({
      loop,
      mouth,
      audio,
      output: subtitled,
      watermark: false,
      captions: {
        cues: [{ startMs: 0, endMs: 5000, text: 'Subtitles make videos easier to follow.' }],
        burnIn: true,
        style: { size: 'medium', position: 'bottom', color: '#FFFFFF', box_color: '#000000' },
      },
    });
    const lowerBand = 'iw:ih/5:0:ih*4/5';
    expect(changedShare(await frame(plain, lowerBand), await frame(subtitled, lowerBand))).toBeGreaterThan(0.01);
  }, 120_000);

  test.each([
    ['landscape', '640x360'],
    ['portrait', '360x640'],
    ['very tall', '160x720'],
  ])(
    'the watermark sits at the top right, inside a %s frame and clear of the player controls',
    async (_shape, size) => {
      const grey = join(dir, `grey-${size}.mp4`);
      await runFfmpeg(['-f', 'lavfi', '-i', `color=c=gray:s=${size}:d=2:r=25`, '-c:v', 'libx264', '-pix_fmt', 'yuv420p', grey]);
      const audio = await tone(dir, 2, `watermark-${size}.wav`);
      const plain = join(dir, `plain-${size}.mp4`);
      const marked = join(dir, `marked-${size}.mp4`);
      await engine.renderVideo({ loop: grey, audio, output: plain, watermark: false });
      await engine.renderVideo({ loop: grey, audio, output: marked, watermark: true });
      const share = async (crop: string) => changedShare(await frame(plain, crop), await frame(marked, crop));
      expect(await share('iw/2:ih/4:iw/2:0')).toBeGreaterThan(0.01);
      // Controls cover the bottom; the frame's edges stay clear, so the whole mark is in the picture.
      expect(await share('iw:ih*3/4:0:ih/4')).toBe(0);
      expect(await share('iw:2:0:0')).toBe(0);
      expect(await share('2:ih:iw-2:0')).toBe(0);
    },
    120_000,
  );

  test('a video from uploaded audio is as long as that audio, longer than the loop itself', async () => {
    const audio = await tone(dir, 31, 'upload.mp3', ['-c:a', 'libmp3lame']);
    const output = join(dir, 'from-audio.mp4');
    await engine.renderVideo({ loop, mouth, audio, output, watermark: false });
    const video = await probeMedia(output);
    expect(Math.abs(video!.durationSeconds! - 31)).toBeLessThan(0.5);
    expect(video!.video!.codec).toBe('h264');
  }, 120_000);
});
