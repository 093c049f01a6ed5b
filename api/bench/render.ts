// `pnpm bench:render`: the local engine rendering 60 s of 720p video from a script, once with the mouth
// animated and once without (an avatar with no mouth track), with real-time factors (video seconds per
// second of rendering), their ratio, and where the animated render spent its time. Builds its own avatar.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalEngine } from '../src/engine/local/local-engine';
import { runFfmpeg } from '../src/media/tools';
import { FACE_PHOTO, ONE_FACE } from '../test/media/fixtures';

const SENTENCE = 'This is a benchmark of the Kagami renderer, reading a long script aloud while the avatar moves on screen. ';

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'kagami-bench-'));
  const engine = new LocalEngine();
  try {
    const source = join(dir, 'source.mp4');
    await runFfmpeg([
      '-loop',
      '1',
      '-framerate',
      '25',
      '-i',
      FACE_PHOTO,
      '-t',
      '35',
      '-vf',
      `${ONE_FACE},scale=1280:720:force_original_aspect_ratio=increase,crop=1280:720,format=yuv420p`,
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      source,
    ]);
    const avatarStart = performance.now();
    const avatar = await engine.processAvatar(source, {
      preview: join(dir, 'p.jpg'),
      clip: join(dir, 'c.mp4'),
      loop: join(dir, 'l.mp4'),
      mouth: join(dir, 'm.json'),
    });
    const avatarSeconds = (performance.now() - avatarStart) / 1000;

    let script = SENTENCE;
    let speech = await engine.synthesizeSpeech(script, 'en');
    while (speech.durationSeconds < 60) {
      script += SENTENCE;
      speech = await engine.synthesizeSpeech(script, 'en');
    }
    const speechStart = performance.now();
    speech = await engine.synthesizeSpeech(script, 'en');
    const speechSeconds = (performance.now() - speechStart) / 1000;
    const audio = join(dir, 'speech.wav');
    writeFileSync(audio, speech.wav);

    const render = async (mouth: string | null) => {
      const started = performance.now();
      const result = await engine.renderVideo({
        loop: avatar.loop,
        mouth,
        audio,
        phonemes: speech.phonemes,
        output: join(dir, 'out.mp4'),
        watermark: true,
      });
      return { ...result, seconds: (performance.now() - started) / 1000 };
    };
    const still = await render(null);
    const talking = await render(avatar.mouth);
    const factor = (r: { durationSeconds: number; seconds: number }) => r.durationSeconds / r.seconds;
    console.log(`avatar processing (35 s 720p source: scan, loop, mouth track): ${avatarSeconds.toFixed(1)} s`);
    console.log(`speech synthesis (${speech.durationSeconds.toFixed(1)} s of speech): ${speechSeconds.toFixed(2)} s`);
    console.log(
      `render of ${still.durationSeconds.toFixed(1)} s at 720p without mouth animation: ${still.seconds.toFixed(1)} s (${factor(still).toFixed(2)}x real time)`,
    );
    console.log(
      `render of ${talking.durationSeconds.toFixed(1)} s at 720p with mouth animation: ${talking.seconds.toFixed(1)} s (${factor(talking).toFixed(2)}x real time)`,
    );
    console.log(`with / without: ${(factor(talking) / factor(still)).toFixed(2)}`);
    const t = talking.timings!;
    console.log(
      `animated render, where the time went: decode ${t.decodeCpuSeconds.toFixed(1)} CPU-s (ffmpeg), warp ${t.warpSeconds.toFixed(1)} s (this process), encode ${t.encodeCpuSeconds.toFixed(1)} CPU-s (ffmpeg); wall ${talking.seconds.toFixed(1)} s on ${require('node:os').availableParallelism()} cores`,
    );
    console.log(`script to talking video: ${(speechSeconds + talking.seconds).toFixed(1)} s`);
  } finally {
    engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
