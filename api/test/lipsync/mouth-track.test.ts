import { loudnessPerFrame, LEAD_MS, mouthFromLoudness, mouthFromPhonemes, visemeOf } from '../../src/engine/lipsync/mouth-track';
import { SAMPLE_RATE, SpeechSynthesizer } from '../../src/engine/speech/synthesizer';

const FPS = 25;
const frameAt = (ms: number) => Math.floor((ms * FPS) / 1000);
const pcmOf = (wav: Buffer) =>
  Float32Array.from(new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.byteLength)), (sample) => sample / 32768);

test('m, b and p close the lips; open vowels open them; o and u round them; stress and length marks do not matter', () => {
  for (const id of ['m', 'b', 'p', 'mː']) expect(visemeOf(id)).toEqual({ open: 0, round: 0 });
  expect(visemeOf('ˈaɪ').open).toBeGreaterThan(0.8);
  expect(visemeOf('ˈɔː').round).toBeGreaterThan(0.7);
  expect(visemeOf('uː')).toMatchObject({ round: 1 });
  expect(visemeOf('i').open).toBeLessThan(visemeOf('a').open);
  expect(visemeOf('')).toEqual({ open: 0, round: 0 });
});

describe('from the phonemes eSpeak reports while it speaks', () => {
  const speech = new SpeechSynthesizer();
  afterAll(() => speech.close());

  test('the mouth is shut at every m, b and p, opens on "my" and "bought", and is shut after the last word', async () => {
    const spoken = await speech.synthesize('Hello, my mother bought a boat.', 'en');
    expect(spoken.phonemes.map((p) => p.id.replace(/[ˈˌː]/g, ''))).toEqual(expect.arrayContaining(['m', 'b', 'aɪ']));
    const frames = Math.ceil(spoken.durationSeconds * FPS) + 10;
    const loudness = loudnessPerFrame(pcmOf(spoken.wav), SAMPLE_RATE, FPS, frames);
    const mouth = mouthFromPhonemes(spoken.phonemes, frames, FPS, loudness);
    expect(mouth).toHaveLength(frames);

    const bilabials = spoken.phonemes.filter((p) => /^[mbp]/.test(p.id));
    expect(bilabials.length).toBeGreaterThanOrEqual(4);
    for (const event of bilabials) expect([event.id, mouth[frameAt(event.ms - LEAD_MS) + 1]!.open]).toEqual([event.id, 0]);
    expect(Math.max(...mouth.map((m) => m.open))).toBeGreaterThan(0.6);
    expect(Math.max(...mouth.map((m) => m.round))).toBeGreaterThan(0.5);
    for (const shape of mouth.slice(frameAt(spoken.durationSeconds * 1000) + 1)) expect(shape).toEqual({ open: 0, round: 0 });
  });

  test('a pause longer than 300 ms is closed, and so is any frame the audio is silent in', () => {
    const events = [
      { id: 'h', ms: 0 },
      { id: 'ˈa', ms: 100 },
      { id: '', ms: 300 },
      { id: 'ˈa', ms: 900 },
      { id: '', ms: 1100 },
    ];
    const mouth = mouthFromPhonemes(events, 40, FPS);
    expect(mouth[frameAt(150)]!.open).toBeGreaterThan(0.9);
    for (let ms = 320; ms < 860; ms += 40) expect([ms, mouth[frameAt(ms)]!.open]).toEqual([ms, 0]);
    expect(mouth[frameAt(1000)]!.open).toBeGreaterThan(0.9);
    const silent = mouthFromPhonemes(events, 40, FPS, new Array(40).fill(0));
    expect(silent.every((shape) => shape.open === 0)).toBe(true);
  });
});

describe('from the loudness of uploaded audio', () => {
  /** 0.6 s of a voiced buzz, 0.6 s of silence, 0.6 s of buzz. */
  const recording = () => {
    const pcm = new Float32Array(Math.round(SAMPLE_RATE * 1.8));
    for (let i = 0; i < pcm.length; i += 1) {
      const t = i / SAMPLE_RATE;
      if (t < 0.6 || t >= 1.2) pcm[i] = 0.27 * (Math.sin(2 * Math.PI * 140 * t) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 4 * t)));
    }
    return pcm;
  };

  test('loudness follows the audio and is 0 in silence', () => {
    const loudness = loudnessPerFrame(recording(), SAMPLE_RATE, FPS, 45);
    expect(Math.max(...loudness.slice(0, 15))).toBeGreaterThan(0.8);
    expect(loudness.slice(16, 29).every((value) => value === 0)).toBe(true);
  });

  test('the mouth opens with the sound and is shut through the pause', () => {
    const mouth = mouthFromLoudness(loudnessPerFrame(recording(), SAMPLE_RATE, FPS, 45), FPS);
    expect(Math.max(...mouth.slice(0, 15).map((m) => m.open))).toBeGreaterThan(0.6);
    expect(mouth.slice(16, 29).every((m) => m.open === 0)).toBe(true);
    expect(Math.max(...mouth.slice(31).map((m) => m.open))).toBeGreaterThan(0.6);
  });
});
