// `pnpm bench:render`: the local engine rendering about 60 s of video from a script at 720p and at 1080p, each with the
// face animated (mesh warp, inner mouth, blinks, head motion) and without (an avatar with no face track): real-time
// factors (video seconds per second of rendering), their ratios, and where the animated renders spent their time.
// Builds its own avatars: from 35 s of footage at each size, and from one photo. The footage is framed as the studio
// asks ("head and shoulders in frame"): the face about a quarter of the frame's width; a close-up (the face 42 % of
// the width, the head filling the frame) is timed at 720p as well, as the costliest framing there is. Then a published
// video: 9:16 at 1080p over a picture with burned-in captions from the 720p footage, and the matte's cost per second of
// loop at avatar processing. Then a 10-minute video made in parts by one worker and by two (bench/parts.ts); last, a
// three-minute video of six scenes over slides, its scenes made as parts by one worker and by two (bench/scenes.ts).
// BENCH_DIR keeps the working folder (and the scenes' avatar, made once) for a look at the output.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RenderResult } from '../src/engine/generation-engine';
import { LocalEngine } from '../src/engine/local/local-engine';
import { runFfmpeg } from '../src/media/tools';
import { probeMedia } from '../src/media/probe';
import { frameSizeOf } from '@kagami/shared/validation';
import { captionCharsFor, timeCaptions } from '../src/engine/compose/captions';
import { makeMatte } from '../src/engine/compose/matte';
import { ANALYSIS_RATE, decodeMono } from '../src/engine/speech/decode';
import { FACE_PHOTO, ONE_FACE, PORTRAIT } from '../test/media/fixtures';
import { partsBench } from './parts';
import { scenesBench } from './scenes';

/** sample3's first face in a 16:9 crop with her hair and shoulders: the face about 23 % of the frame's width. */
const HEAD_AND_SHOULDERS = 'crop=880:495:170:270';
const SENTENCE = 'This is a benchmark of the Kagami renderer, reading a long script aloud while the avatar moves on screen. ';

const seconds = (since: number) => (performance.now() - since) / 1000;
const factor = (r: { durationSeconds: number; seconds: number }) => r.durationSeconds / r.seconds;

/** An avatar from 35 s of footage of FACE_PHOTO framed by `crop` at a size. */
async function footageAvatar(
  engine: LocalEngine,
  dir: string,
  { width, height, crop }: { width: number; height: number; crop: string },
  outputs: Parameters<LocalEngine['processAvatar']>[1],
) {
  const source = join(dir, `source-${height}.mp4`);
  await runFfmpeg([
    ...['-loop', '1', '-framerate', '25', '-i', FACE_PHOTO, '-t', '35'],
    ...['-vf', `${crop},scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},format=yuv420p`],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', source],
  ]);
  return engine.processAvatar({ file: source, kind: 'video' }, outputs);
}

async function main() {
  const kept = process.env.BENCH_DIR;
  if (kept) mkdirSync(kept, { recursive: true });
  const dir = kept ?? mkdtempSync(join(tmpdir(), 'kagami-bench-'));
  const engine = new LocalEngine();
  const outputs = (name: string) => ({
    preview: join(dir, `${name}.jpg`),
    clip: join(dir, `${name}-clip.mp4`),
    loop: join(dir, `${name}-loop.mp4`),
    mouth: join(dir, `${name}-face.bin`),
    matte: join(dir, `${name}-matte.mp4`),
  });
  try {
    if (process.argv.includes('parts')) {
      const avatar = await footageAvatar(engine, dir, { width: 1280, height: 720, crop: HEAD_AND_SHOULDERS }, outputs('avatar-720'));
      return await partsBench(engine, avatar, dir);
    }
    if (process.argv.includes('scenes')) {
      const files = outputs('avatar-720');
      const avatar = existsSync(files.matte)
        ? files
        : await footageAvatar(engine, dir, { width: 1280, height: 720, crop: HEAD_AND_SHOULDERS }, files);
      return await scenesBench(engine, avatar, dir);
    }
    let script = SENTENCE;
    let speech = await engine.synthesizeSpeech(script, 'en');
    while (speech.durationSeconds < 60) {
      script += SENTENCE;
      speech = await engine.synthesizeSpeech(script, 'en');
    }
    const speechStart = performance.now();
    speech = await engine.synthesizeSpeech(script, 'en');
    const speechSeconds = seconds(speechStart);
    const audio = join(dir, 'speech.wav');
    writeFileSync(audio, speech.wav);
    console.log(`speech synthesis (${speech.durationSeconds.toFixed(1)} s of speech): ${speechSeconds.toFixed(2)} s`);

    const photo = join(dir, 'portrait.png');
    await runFfmpeg(['-i', PORTRAIT.photo, '-vf', PORTRAIT.crop, photo]);
    const photoStart = performance.now();
    await engine.processAvatar({ file: photo, kind: 'photo' }, outputs('photo'));
    console.log(`photo avatar processing (640x640 photo: check, 8 s idle loop, face track): ${seconds(photoStart).toFixed(1)} s`);

    let composedFrom: Awaited<ReturnType<LocalEngine['processAvatar']>> | null = null;
    for (const { width, height, framing, crop } of [
      { width: 1280, height: 720, framing: 'head and shoulders', crop: HEAD_AND_SHOULDERS },
      { width: 1920, height: 1080, framing: 'head and shoulders', crop: HEAD_AND_SHOULDERS },
      { width: 1280, height: 720, framing: 'close-up', crop: ONE_FACE },
    ]) {
      const avatarStart = performance.now();
      const avatar = await footageAvatar(engine, dir, { width, height, crop }, outputs(`avatar-${height}`));
      console.log(
        `avatar processing (35 s ${height}p ${framing} footage: scan, loop, face track, inner mouth, matte): ${seconds(avatarStart).toFixed(1)} s`,
      );
      if (!composedFrom) composedFrom = avatar;

      const render = async (mouth: string | null): Promise<RenderResult & { seconds: number }> => {
        const started = performance.now();
        const result = await engine.renderVideo({
          loop: avatar.loop,
          mouth,
          audio,
          phonemes: speech.phonemes,
          language: 'en',
          output: join(dir, `out-${height}.mp4`),
          watermark: true,
        });
        return { ...result, seconds: seconds(started) };
      };
      const still = await render(null);
      const face = await render(avatar.mouth);
      const line = (what: string, r: { durationSeconds: number; seconds: number }) =>
        `render of ${r.durationSeconds.toFixed(1)} s at ${height}p (${framing}) ${what}: ${r.seconds.toFixed(1)} s (${factor(r).toFixed(2)}x real time)`;
      console.log(line('without animation', still));
      console.log(line('with the face animated', face));
      console.log(`  animated / still: ${(factor(face) / factor(still)).toFixed(2)}`);
      const t = face.timings!;
      console.log(
        `  where the time went: decode ${t.decodeCpuSeconds.toFixed(1)} CPU-s (ffmpeg); faces ${t.faceSeconds.toFixed(1)} s over ${t.threads} worker threads (${(t.faceSeconds / t.threads).toFixed(1)} s each, ${((1000 * t.faceSeconds) / Math.round(face.durationSeconds * 25)).toFixed(1)} ms a frame); this process ${t.processCpuSeconds.toFixed(1)} CPU-s; encode ${t.encodeCpuSeconds.toFixed(1)} CPU-s (ffmpeg); wall ${face.seconds.toFixed(1)} s on ${availableParallelism()} cores`,
      );
    }
    await publishedVideo(engine, composedFrom!, { script, speech, audio, dir });
    await partsBench(engine, composedFrom!, dir);
    await scenesBench(engine, composedFrom!, dir);
  } finally {
    engine.close();
    if (!kept) rmSync(dir, { recursive: true, force: true });
  }
}

/** The matte's cost per second of the clip it cuts out, and a 60 s 9:16 1080p video over a picture with burned-in captions. */
async function publishedVideo(
  engine: LocalEngine,
  avatar: Awaited<ReturnType<LocalEngine['processAvatar']>>,
  { speech, audio, dir }: { script: string; speech: Awaited<ReturnType<LocalEngine['synthesizeSpeech']>>; audio: string; dir: string },
) {
  const clipSeconds = (await probeMedia(avatar.clip))!.durationSeconds!;
  const matteStart = performance.now();
  await makeMatte(avatar.clip, join(dir, 'matte-again.mp4'), { bounce: true });
  const matteSeconds = seconds(matteStart);
  console.log(
    `matte at avatar processing (${clipSeconds.toFixed(1)} s 720p clip, played both ways): ${matteSeconds.toFixed(1)} s (${(matteSeconds / clipSeconds).toFixed(2)} s per second of clip)`,
  );
  const picture = join(dir, 'backdrop.jpg');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=1920x1080:duration=1', '-frames:v', '1', picture]);
  const frame = frameSizeOf('9:16', '1080p');
  const style = { size: 'medium', position: 'bottom', color: '#FFFFFF', box_color: '#000000' } as const;
  const cues = timeCaptions(speech.spans, await decodeMono(audio), ANALYSIS_RATE, captionCharsFor(frame, style.size));
  const started = performance.now();
  const result = await engine.renderVideo({
    loop: avatar.loop,
    mouth: avatar.mouth,
    audio,
    phonemes: speech.phonemes,
    language: 'en',
    output: join(dir, 'published.mp4'),
    watermark: true,
    framing: { frame, background: { type: 'image', file: picture }, placement: { position: 'full', scale: 0.8 } },
    matte: avatar.matte,
    captions: { cues, burnIn: true, style },
    thumbnail: join(dir, 'published.jpg'),
  });
  const r = { ...result, seconds: seconds(started) };
  console.log(
    `published render of ${r.durationSeconds.toFixed(1)} s, 9:16 at 1080p over a picture with burned-in captions (720p footage, face animated): ${r.seconds.toFixed(1)} s (${factor(r).toFixed(2)}x real time)`,
  );
}

void main();
