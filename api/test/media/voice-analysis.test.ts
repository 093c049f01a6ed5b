import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeMono } from '../../src/engine/speech/decode';
import { analyzeVoice, holdsSpeech } from '../../src/engine/speech/voice-analysis';
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
  writeFileSync(file, (await synthesizer.synthesize(TEXT, 'en', { profile: { medianPitchHz, wordsPerMinute, loudnessDb: -20 } })).wav);
  return analyzeVoice(await decodeMono(file));
}

test('a 220 Hz tone measures 220 Hz', async () => {
  const analysis = analyzeVoice(await decodeMono(await tone(dir, 3, 'a3.wav')));
  expect(analysis.medianPitchHz).toBeGreaterThan(215);
  expect(analysis.medianPitchHz).toBeLessThan(225);
  expect(analysis.soundSeconds).toBeGreaterThan(2.5);
});

test('speech holds speech; a tone, a beeping tone, noise and silence do not', async () => {
  expect(holdsSpeech(await spoken('en.wav', 120, 160), 3)).toBe(true);
  const { runFfmpeg } = await import('../../src/media/tools');
  for (const [name, source] of [
    ['tone.wav', 'sine=frequency=220:duration=5'],
    ['beeps.wav', "aevalsrc='sin(2*PI*440*t)*gt(sin(2*PI*3*t),0)':d=5"],
    ['noise.wav', 'anoisesrc=d=5:a=0.3'],
    ['quiet.wav', 'anullsrc=r=16000:cl=mono'],
  ]) {
    const file = join(dir, name!);
    await runFfmpeg(['-f', 'lavfi', '-i', source!, '-t', '5', file]);
    expect([name, holdsSpeech(analyzeVoice(await decodeMono(file)), 3)]).toEqual([name, false]);
  }
});

test('a higher, faster speaker measures higher and faster than a lower, slower one', async () => {
  const low = await spoken('low.wav', 100, 130);
  const high = await spoken('high.wav', 230, 230);
  expect(high.medianPitchHz).toBeGreaterThan(low.medianPitchHz * 1.3);
  expect(high.wordsPerMinute).toBeGreaterThan(low.wordsPerMinute);
  expect(low.soundSeconds).toBeGreaterThan(3);
  expect(low.loudnessDb).toBeLessThan(0);
  expect(low.loudnessDb).toBeGreaterThan(-45);
});

test('silence has no speech', async () => {
  const file = join(dir, 'silence.wav');
  const { runFfmpeg } = await import('../../src/media/tools');
  await runFfmpeg(['-f', 'lavfi', '-i', 'anullsrc=r=16000:cl=mono', '-t', '2', file]);
  expect(analyzeVoice(await decodeMono(file)).soundSeconds).toBe(0);
});
