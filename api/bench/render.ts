// `pnpm bench:render`: seconds to render 60 s of 720p video from a script with the local engine,
// and the real-time factor (video seconds per second of rendering). Builds its own avatar first.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { LocalEngine } from '../src/engine/local/local-engine';
import { runFfmpeg } from '../src/media/tools';

const SENTENCE = 'This is a benchmark of the Kagami renderer, reading a long script aloud while the avatar moves on screen. ';

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'kagami-bench-'));
  const engine = new LocalEngine();
  try {
    const photo = join(dirname(require.resolve('@vladmandic/face-api/package.json')), 'demo', 'sample1.jpg');
    const source = join(dir, 'source.mp4');
    await runFfmpeg([
      '-loop',
      '1',
      '-framerate',
      '25',
      '-i',
      photo,
      '-t',
      '35',
      '-vf',
      'scale=1280:-2,format=yuv420p',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      source,
    ]);
    const avatarStart = performance.now();
    const avatar = await engine.processAvatar(source, { preview: join(dir, 'p.jpg'), clip: join(dir, 'c.mp4'), loop: join(dir, 'l.mp4') });
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

    const renderStart = performance.now();
    const { durationSeconds } = await engine.renderVideo({ loop: avatar.loop, audio, output: join(dir, 'out.mp4'), watermark: true });
    const renderSeconds = (performance.now() - renderStart) / 1000;
    console.log(`avatar processing (35 s 720p source): ${avatarSeconds.toFixed(1)} s`);
    console.log(`speech synthesis (${speech.durationSeconds.toFixed(1)} s of speech): ${speechSeconds.toFixed(2)} s`);
    console.log(
      `render of ${durationSeconds.toFixed(1)} s of 720p video: ${renderSeconds.toFixed(1)} s (real-time factor ${(durationSeconds / renderSeconds).toFixed(2)}x)`,
    );
    console.log(`script to video: ${(speechSeconds + renderSeconds).toFixed(1)} s`);
  } finally {
    engine.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

void main();
