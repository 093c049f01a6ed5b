import type { ContentLanguage } from '@kagami/shared/validation';
import {
  articulationFromLoudness,
  articulationFromPhonemes,
  MAX_LIP_SHAPE_STEP,
  MAX_OPENING_STEP,
  mouthOpening,
  PAUSE_MS,
} from '../../src/engine/motion/articulation';
import { bilabialFrames, LEAD_MS, plosiveReleaseFrames } from '../../src/engine/motion/coarticulation';
import { CLASS_TARGETS, parsePhoneme, phonesOf, targetOf } from '../../src/engine/motion/phones';
import type { Articulation } from '../../src/engine/face-shapes';
import { loudnessPerFrame } from '../../src/engine/motion/loudness';
import type { PhonemeEvent } from '../../src/engine/speech/synthesizer';
import { SAMPLE_SENTENCES } from '../../src/engine/speech/sample-sentences';
import { SpeechSynthesizer, type LocalVoice } from '../../src/engine/speech/synthesizer';
import { ESPEAK_VOICES } from '../../src/engine/speech/builtin-voices';
import { wavSampleRate } from '../../src/engine/speech/wav';

const FPS = 25;
const FRAME_MS = 1000 / FPS;
const EPSILON = 1e-9;
/** eSpeak NG's voice of a language (English speaks with Flite in the product; these tests are about eSpeak's phonemes). */
const espeak = (language: ContentLanguage): LocalVoice => ({
  builtin: {
    id: `espeak-${language}`,
    name: 'eSpeak NG',
    language,
    gender: 'male',
    engine: 'espeak',
    engineVoice: ESPEAK_VOICES[language],
  },
});
/** The rate of the recordings made up here. */
const RATE = 22_050;
const pcmOf = (wav: Buffer) =>
  Float32Array.from(new Int16Array(wav.buffer.slice(wav.byteOffset + 44, wav.byteOffset + wav.byteLength)), (sample) => sample / 32768);
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length;
const isBilabial = (id: string, language?: ContentLanguage) => phonesOf(id, language).some(({ symbol }) => /^[mbp]$/.test(symbol));

/** Every frame-to-frame change that breaks a limit: [frame, channel, change]. */
function stepViolations(track: Articulation[], releases: boolean[] = []) {
  const found: [number, string, number][] = [];
  for (let n = 1; n < track.length; n += 1) {
    const [before, now] = [track[n - 1]!, track[n]!];
    const opening = mouthOpening(now) - mouthOpening(before);
    if (Math.abs(opening) > MAX_OPENING_STEP + EPSILON && !(releases[n] && opening > 0)) found.push([n, 'opening', opening]);
    if (Math.abs(now.jaw - before.jaw) > MAX_OPENING_STEP + EPSILON) found.push([n, 'jaw', now.jaw - before.jaw]);
    for (const channel of ['round', 'spread', 'tuck'] as const)
      if (Math.abs(now[channel] - before[channel]) > MAX_LIP_SHAPE_STEP + EPSILON) found.push([n, channel, now[channel] - before[channel]]);
  }
  return found;
}

describe('the viseme table', () => {
  test('eSpeak ids are read into phones: stress, length and diacritics dropped, diphthongs and affricates kept', () => {
    const symbols = (id: string, language?: ContentLanguage) => phonesOf(id, language).map((phone) => phone.symbol);
    expect(symbols('ˈaɪ')).toEqual(['a', 'ɪ']);
    expect(symbols('aɪə')).toEqual(['a', 'ɪ', 'ə']);
    expect(symbols('tʃʲ')).toEqual(['tʃ']);
    expect(symbols('ph')).toEqual(['p']);
    expect(symbols('ts.h')).toEqual(['ts']);
    expect(symbols('ˌo̞')).toEqual(['o']);
    expect(symbols('ɐ̃ʊ̃')).toEqual(['ɐ', 'ʊ']);
    expect(symbols('ɯᵝ')).toEqual(['ɯᵝ']);
    expect(symbols('mʲ')).toEqual(['m']);
    expect(symbols('ç')).toEqual(['ç']);
    expect(symbols('')).toEqual([]);
  });

  test('each class aims at its own shape', () => {
    const target = (id: string, language?: ContentLanguage) => targetOf(phonesOf(id, language)[0]!.phone);
    for (const id of ['m', 'b', 'p', 'ph', 'mʲ']) expect(target(id)).toMatchObject({ press: 1 });
    for (const id of ['f', 'v']) expect(target(id)).toMatchObject({ tuck: 1, press: 0 });
    for (const id of ['a', 'ɑː', 'æ', 'ä']) expect(target(id).jaw).toBeGreaterThanOrEqual(0.8);
    for (const id of ['o', 'uː', 'w', 'ʊ', 'ɔ', 'y', 'ø']) expect(target(id).round).toBeGreaterThanOrEqual(0.7);
    for (const id of ['i', 'iː', 'ɪ']) expect(target(id).spread).toBeGreaterThanOrEqual(0.75);
    for (const id of ['e', 'ɛ', 'ə']) expect(target(id).jaw).toBeGreaterThan(0.4);
    expect(target('e').spread).toBeGreaterThan(0.4);
    // Russian ы is written y, and is not rounded.
    expect(target('y', 'ru')).toMatchObject({ round: 0 });
    expect(target('t')).toEqual(CLASS_TARGETS.coronal);
  });

  test('every phoneme eSpeak speaks in the 13 content languages is known', async () => {
    const speech = new SpeechSynthesizer();
    try {
      for (const [language, sentence] of Object.entries(SAMPLE_SENTENCES) as [ContentLanguage, string][]) {
        const spoken = await speech.synthesize(sentence, language, espeak(language));
        const unknown = spoken.phonemes
          .filter((event) => event.id)
          .filter((event) => parsePhoneme(event.id, language).unknown.length || !phonesOf(event.id, language).length)
          .map((event) => event.id);
        expect([language, unknown]).toEqual([language, []]);
      }
    } finally {
      speech.close();
    }
  });
});

describe('from the phonemes eSpeak reports while it speaks', () => {
  const speech = new SpeechSynthesizer();
  afterAll(() => speech.close());

  const speak = async (text: string, language: ContentLanguage = 'en') => {
    const spoken = await speech.synthesize(text, language, espeak(language));
    const frames = Math.ceil(spoken.durationSeconds * FPS) + 10;
    const loudness = loudnessPerFrame(pcmOf(spoken.wav), wavSampleRate(spoken.wav), FPS, frames);
    return {
      ...spoken,
      frames,
      loudness,
      language,
      track: articulationFromPhonemes(spoken.phonemes, frames, FPS, loudness, language),
      bilabial: bilabialFrames(spoken.phonemes, frames, FPS, language),
      releases: plosiveReleaseFrames(spoken.phonemes, frames, FPS, language),
    };
  };

  test('rounded words round the lips and spread words spread them', async () => {
    const rounded = await speak("Who knew you'd move to Boston too");
    const spread = await speak('See me eat cheese in Greece');
    const voiced = (spoken: typeof rounded) => spoken.track.filter((_, n) => spoken.loudness[n]! > 0.2);
    const [r, s] = [voiced(rounded), voiced(spread)];
    expect(mean(r.map((a) => a.round))).toBeGreaterThan(mean(s.map((a) => a.round)) + 0.4);
    expect(mean(s.map((a) => a.spread))).toBeGreaterThan(mean(r.map((a) => a.spread)) + 0.4);
    // At similar opening: both sentences are made of close vowels.
    expect(Math.abs(mean(r.map(mouthOpening)) - mean(s.map(mouthOpening)))).toBeLessThan(0.1);
  });

  test('open vowels drop the jaw, f and v tuck the lower lip', async () => {
    const spoken = await speak('Five very fine violins');
    expect(Math.max(...spoken.track.map((a) => a.jaw))).toBeGreaterThan(0.5);
    const labiodentals = spoken.phonemes.filter((event) => /^[fv]/.test(event.id));
    expect(labiodentals.length).toBeGreaterThanOrEqual(5);
    for (const event of labiodentals) {
      const frame = Math.round((event.ms - LEAD_MS) / FRAME_MS);
      const near = spoken.track.slice(Math.max(0, frame - 1), frame + 3).map((a) => a.tuck);
      expect([event.id, event.ms, Math.max(...near) > 0.6]).toEqual([event.id, event.ms, true]);
    }
  });

  test.each([
    ['My big brown puppy', 'en'],
    ['Hello, my mother bought a boat. And then, we went home.', 'en'],
    ['Bob paid the pope a pepper, maybe.', 'en'],
    ['ありがとうございます。また明日。パンとみそしる。', 'ja'],
    ['Papá bebe vino en Barcelona.', 'es'],
    ['爸爸跑步，妈妈买苹果。', 'zh'],
  ] as [string, ContentLanguage][])('every m, b and p closes the lips on a frame of its own: %s', async (text, language) => {
    const spoken = await speak(text, language);
    const events = spoken.phonemes.filter((event) => isBilabial(event.id, language));
    expect(events.length).toBeGreaterThanOrEqual(3);
    // Each one has a closed frame within two frames of its event (a p's closure comes before its burst).
    for (const event of events) {
      const frame = Math.round((event.ms - LEAD_MS) / FRAME_MS);
      const closed = spoken.bilabial.map((flag, n) => flag && Math.abs(n - frame) <= 2);
      expect([event.id, event.ms, closed.some(Boolean)]).toEqual([event.id, event.ms, true]);
    }
    // And every frame said to articulate one is pressed shut.
    spoken.bilabial.forEach((flag, n) => {
      if (flag) expect([n, spoken.track[n]!.press, mouthOpening(spoken.track[n]!)]).toEqual([n, 1, 0]);
    });
  });

  test('a pause of 300 ms or more is at rest throughout, and so is everything after the last phoneme', async () => {
    const spoken = await speak('Hello, my mother bought a boat. And then, we went home.');
    // eSpeak marks a pause with an empty phoneme at its start and another at its end.
    const pauses = spoken.phonemes
      .map((event, i) => ({ start: event.ms, end: spoken.phonemes.slice(i + 1).find((later) => later.id)?.ms }))
      .filter((pause, i) => !spoken.phonemes[i]!.id && pause.end !== undefined && pause.end - pause.start >= PAUSE_MS);
    expect(pauses.length).toBeGreaterThanOrEqual(1);
    for (const { start, end } of pauses)
      for (let n = Math.ceil(start / FRAME_MS); (n + 1) * FRAME_MS <= end!; n += 1)
        expect([n, spoken.track[n]]).toEqual([n, { jaw: 0, round: 0, spread: 0, press: 0, tuck: 0 }]);
    const lastSpoken = spoken.phonemes.filter((event) => event.id).at(-1)!;
    const end = spoken.phonemes.find((event) => !event.id && event.ms > lastSpoken.ms)!.ms;
    for (let n = Math.ceil(end / FRAME_MS); n < spoken.frames; n += 1) expect(mouthOpening(spoken.track[n]!)).toBe(0);
    for (const a of spoken.track.slice(Math.ceil(end / FRAME_MS) + 1))
      expect(a).toEqual({ jaw: 0, round: 0, spread: 0, press: 0, tuck: 0 });
  });

  test('the limits are the ones promised: closed to wide open takes at least four frames; pauses count from 300 ms', () => {
    expect(MAX_OPENING_STEP).toBeLessThanOrEqual(0.3);
    expect(PAUSE_MS).toBe(300);
  });

  test.each([
    ["Who knew you'd move to Boston too", 'en'],
    ['My big brown puppy', 'en'],
    ['Hello, my mother bought a boat. And then, we went home.', 'en'],
    ['こんにちは。これは私の新しい声です。', 'ja'],
  ] as [string, ContentLanguage][])(
    'the mouth never jumps beyond the step limits except at a b or p release: %s',
    async (text, language) => {
      const spoken = await speak(text, language);
      expect(stepViolations(spoken.track, spoken.releases)).toEqual([]);
      // Releases are real: right after a closed frame.
      spoken.releases.forEach((release, n) => {
        if (release) expect(spoken.bilabial[n - 1]).toBe(true);
      });
    },
  );

  test('the mouth never opens over silence', async () => {
    const spoken = await speak('Hello, my mother bought a boat.');
    const silent = new Array<number>(spoken.frames).fill(0);
    const track = articulationFromPhonemes(spoken.phonemes, spoken.frames, FPS, silent);
    expect(track.every((a) => mouthOpening(a) === 0)).toBe(true);
    // Silences of 100 ms and more in the audio close it too.
    for (let n = 0; n < spoken.frames; n += 1) {
      const run = [n - 1, n, n + 1].every((k) => (spoken.loudness[k] ?? 0) === 0);
      if (run) expect([n, mouthOpening(spoken.track[n]!)]).toEqual([n, 0]);
    }
  });
});

describe('on any phoneme sequence', () => {
  /** A seeded generator of plausible eSpeak events: random phones, 30–250 ms each, now and then a pause. */
  function randomSpeech(seed: number): PhonemeEvent[] {
    let state = seed;
    const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const ids = ['m', 'b', 'p', 'ˈa', 'i', 'uː', 'ɔ', 'ə', 'f', 'v', 's', 't', 'k', 'w', 'j', 'ʃ', 'aɪ', 'oʊ', 'ɹ', 'l', 'h', 'ph'];
    const events: PhonemeEvent[] = [];
    let ms = Math.floor(random() * 500);
    while (ms < 8000) {
      if (random() < 0.06) {
        events.push({ id: '', ms });
        ms += 100 + Math.floor(random() * 600);
      }
      events.push({ id: ids[Math.floor(random() * ids.length)]!, ms });
      ms += 30 + Math.floor(random() * 220);
    }
    events.push({ id: '', ms }, { id: '', ms: ms + 8 });
    return events;
  }

  test.each([1, 2, 3, 4, 5, 6, 7, 8])('closures, pauses and step limits hold (seed %i)', (seed) => {
    const events = randomSpeech(seed);
    const frames = Math.ceil((events.at(-1)!.ms + 400) / FRAME_MS);
    const track = articulationFromPhonemes(events, frames, FPS);
    const bilabial = bilabialFrames(events, frames, FPS);
    const releases = plosiveReleaseFrames(events, frames, FPS);
    expect(stepViolations(track, releases)).toEqual([]);
    for (let n = 0; n < frames; n += 1) if (bilabial[n]) expect([n, track[n]!.press, mouthOpening(track[n]!)]).toEqual([n, 1, 0]);
    events.forEach((event, i) => {
      // Each m, b and p has its own closed frame (or shares one with a bilabial right next to it).
      if (isBilabial(event.id)) {
        const frame = Math.round((event.ms - LEAD_MS) / FRAME_MS);
        expect([event.id, event.ms, bilabial.slice(Math.max(0, frame - 2), frame + 3).some(Boolean)]).toEqual([event.id, event.ms, true]);
      }
      // Long pauses rest.
      const next = events.slice(i + 1).find((later) => later.id);
      if (!event.id && next && next.ms - event.ms >= PAUSE_MS)
        for (let n = Math.ceil(event.ms / FRAME_MS); (n + 1) * FRAME_MS <= next.ms; n += 1)
          expect([n, mouthOpening(track[n]!), track[n]!.round]).toEqual([n, 0, 0]);
    });
  });

  test('the mouth moves LEAD_MS before the sound: an m sounding from 410 to 610 ms closes frames 10 to 14', () => {
    expect(LEAD_MS).toBe(30);
    const events = [
      { id: 'ˈa', ms: 0 },
      { id: 'm', ms: 410 },
      { id: 'a', ms: 610 },
      { id: '', ms: 1000 },
    ];
    const flagged = bilabialFrames(events, 30, FPS)
      .map((flag, n) => (flag ? n : -1))
      .filter((n) => n >= 0);
    expect(flagged).toEqual([10, 11, 12, 13, 14]);
  });
});

describe('from the loudness of uploaded audio', () => {
  /** 0.6 s of a voiced buzz, 0.6 s of silence, 0.6 s of buzz. */
  const recording = () => {
    const pcm = new Float32Array(Math.round(RATE * 1.8));
    for (let i = 0; i < pcm.length; i += 1) {
      const t = i / RATE;
      if (t < 0.6 || t >= 1.2) pcm[i] = 0.27 * (Math.sin(2 * Math.PI * 140 * t) * (0.6 + 0.4 * Math.sin(2 * Math.PI * 4 * t)));
    }
    return pcm;
  };

  test('the jaw follows the sound, smoothly, and everything rests through the pause', () => {
    const pcm = recording();
    const loudness = loudnessPerFrame(pcm, RATE, FPS, 45);
    const track = articulationFromLoudness(loudness, FPS, pcm, RATE);
    expect(Math.max(...track.slice(0, 15).map((a) => a.jaw))).toBeGreaterThan(0.6);
    expect(track.slice(15, 30).every((a) => a.jaw === 0 && a.round === 0 && a.spread === 0)).toBe(true);
    expect(Math.max(...track.slice(31).map((a) => a.jaw))).toBeGreaterThan(0.6);
    expect(stepViolations(track)).toEqual([]);
    expect(track.every((a) => a.press === 0 && a.tuck === 0 && a.round === 0)).toBe(true);
  });

  test('the spectrum spreads the lips for i and e, and not for u and o', async () => {
    const speech = new SpeechSynthesizer();
    try {
      const spreadOf = async (text: string) => {
        // The spectral cue was measured on eSpeak's voices (see SPREAD_FROM_DB).
        const spoken = await speech.synthesize(text, 'en', espeak('en'));
        const pcm = pcmOf(spoken.wav);
        const frames = Math.ceil(spoken.durationSeconds * FPS);
        const rate = wavSampleRate(spoken.wav);
        const loudness = loudnessPerFrame(pcm, rate, FPS, frames);
        const track = articulationFromLoudness(loudness, FPS, pcm, rate);
        expect(stepViolations(track)).toEqual([]);
        return mean(track.filter((_, n) => loudness[n]! > 0.2).map((a) => a.spread));
      };
      const spread = await spreadOf('See me eat cheese in Greece');
      const rounded = await spreadOf("Who knew you'd move to Boston too");
      const open = await spreadOf('Our own old boat goes slowly.');
      expect(spread).toBeGreaterThan(rounded + 0.2);
      expect(spread).toBeGreaterThan(open + 0.3);
      // Without the samples, no lip shape at all.
      expect(articulationFromLoudness([0, 0.5, 1, 0.5, 0], FPS).every((a) => a.spread === 0)).toBe(true);
    } finally {
      speech.close();
    }
  });
});
