import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeMono } from '../../src/engine/local/decode';
import { analyzeVoice } from '../../src/engine/local/voice-analysis';
import { SpeechSynthesizer } from '../../src/engine/speech/synthesizer';
import { mediaDir, tone } from './fixtures';

const synthesizer = new SpeechSynthesizer();
let dir: string;
beforeAll(() => {
  dir = mediaDir();
});
afterAll(() => {
  synthesizer.close();
  rmSync(dir, { recursive: true, force: true });
});

const TEXT = 'Good morning everyone. Thank you for joining the meeting today. Let us look at the results of the last quarter together.';

async function spoken(name: string, medianPitchHz: number, wordsPerMinute: number) {
  const file = join(dir, name);
  writeFileSync(file, (await synthesizer.synthesize(TEXT, 'en', { medianPitchHz, wordsPerMinute, loudnessDb: -20 })).wav);
  return analyzeVoice(await decodeMono(file));
}

test('a 220 Hz tone measures 220 Hz', async () => {
  const analysis = analyzeVoice(await decodeMono(await tone(dir, 3, 'a3.wav')));
  expect(analysis.medianPitchHz).toBeGreaterThan(215);
  expect(analysis.medianPitchHz).toBeLessThan(225);
  expect(analysis.speechSeconds).toBeGreaterThan(2.5);
});

test('a higher, faster speaker measures higher and faster than a lower, slower one', async () => {
  const low = await spoken('low.wav', 100, 130);
  const high = await spoken('high.wav', 230, 230);
  expect(high.medianPitchHz).toBeGreaterThan(low.medianPitchHz * 1.3);
  expect(high.wordsPerMinute).toBeGreaterThan(low.wordsPerMinute);
  expect(low.speechSeconds).toBeGreaterThan(3);
  expect(low.loudnessDb).toBeLessThan(0);
  expect(low.loudnessDb).toBeGreaterThan(-45);
});

test('silence has no speech', async () => {
  const file = join(dir, 'silence.wav');
  const { runFfmpeg } = await import('../../src/media/tools');
  await runFfmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '2', file]);
  expect(analyzeVoice(await decodeMono(file)).speechSeconds).toBe(0);
});
