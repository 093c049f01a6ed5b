import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContentLanguage } from '@kagami/shared/validation';
import { probeMedia } from '../../src/media/probe';
import { CONTENT_LANGUAGES, SCRIPT_MAX_CHARS } from '@kagami/shared/validation';
import { SpeechSynthesizer } from '../../src/engine/speech/synthesizer';
import { BUILTIN_VOICES, builtinVoice } from '../../src/engine/speech/builtin-voices';
import { SAMPLE_SENTENCES } from '../../src/engine/speech/sample-sentences';
import { articulationFromPhonemes, mouthOpening } from '../../src/engine/motion/articulation';
import { parsePhoneme } from '../../src/engine/motion/phones';
import { decodeMono } from '../../src/engine/speech/decode';
import { analyzeVoice, holdsSpeech } from '../../src/engine/speech/voice-analysis';

const synthesizer = new SpeechSynthesizer();
const dir = mkdtempSync(join(tmpdir(), 'kagami-speech-'));
afterAll(() => {
  synthesizer.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One everyday sentence per language, each about 2-4 seconds when spoken. */
const SENTENCES: Record<ContentLanguage, string> = {
  en: 'Welcome to our company. Today I will show you our new product.',
  zh: '欢迎来到我们公司。今天我将向您介绍我们的新产品。',
  ja: '私たちの会社へようこそ。今日は新しい製品をご紹介します。',
  de: 'Willkommen in unserem Unternehmen. Heute zeige ich Ihnen unser neues Produkt.',
  fr: 'Bienvenue dans notre entreprise. Aujourd’hui, je vais vous présenter notre nouveau produit.',
  es: 'Bienvenidos a nuestra empresa. Hoy les presentaré nuestro nuevo producto.',
  ko: '우리 회사에 오신 것을 환영합니다. 오늘은 새로운 제품을 소개하겠습니다.',
  ar: 'مرحبا بكم في شركتنا. اليوم سأعرض عليكم منتجنا الجديد.',
  ru: 'Добро пожаловать в нашу компанию. Сегодня я покажу вам наш новый продукт.',
  nl: 'Welkom bij ons bedrijf. Vandaag laat ik u ons nieuwe product zien.',
  it: 'Benvenuti nella nostra azienda. Oggi vi presento il nostro nuovo prodotto.',
  pl: 'Witamy w naszej firmie. Dziś przedstawię wam nasz nowy produkt.',
  pt: 'Bem-vindos à nossa empresa. Hoje vou apresentar o nosso novo produto.',
};

test.each(Object.entries(SENTENCES) as [ContentLanguage, string][])(
  '%s: speech of a plausible length, as a real WAV',
  async (language, text) => {
    const speech = await synthesizer.synthesize(text, language);
    expect(speech.durationSeconds).toBeGreaterThan(1.5);
    expect(speech.durationSeconds).toBeLessThan(9);
    const file = join(dir, `${language}.wav`);
    writeFileSync(file, speech.wav);
    const probe = await probeMedia(file);
    // English speaks with Flite (16 kHz), the other languages with eSpeak NG (22.05 kHz).
    expect(probe).toMatchObject({ formatName: 'wav', audio: { sampleRate: language === 'en' ? 16_000 : 22_050, channels: 1 } });
    expect(probe!.durationSeconds).toBeCloseTo(speech.durationSeconds, 1);
  },
);

test('Japanese kanji are read as words, not as "Japanese letter" noise', async () => {
  const kanji = await synthesizer.synthesize('今日は良い天気です。', 'ja');
  const kana = await synthesizer.synthesize('きょうはよいてんきです。', 'ja');
  expect(Math.abs(kanji.durationSeconds - kana.durationSeconds)).toBeLessThan(0.6);
});

test('the voice profile shapes the speech: a faster speaker takes less time', async () => {
  const slow = await synthesizer.synthesize(SENTENCES.en, 'en', { profile: { medianPitchHz: 110, wordsPerMinute: 120, loudnessDb: -20 } });
  const fast = await synthesizer.synthesize(SENTENCES.en, 'en', { profile: { medianPitchHz: 220, wordsPerMinute: 240, loudnessDb: -20 } });
  expect(fast.durationSeconds).toBeLessThan(slow.durationSeconds * 0.7);
});

describe('the voice library', () => {
  test.each(CONTENT_LANGUAGES.map((language) => [language]))(
    "%s: a female and a male built-in voice, each speaking, the woman's voice higher than the man's",
    async (language) => {
      const ofLanguage = BUILTIN_VOICES.filter((voice) => voice.language === language);
      const pitch: Record<string, number[]> = { female: [], male: [] };
      for (const voice of ofLanguage) {
        const file = join(dir, `${voice.id}.wav`);
        writeFileSync(file, (await synthesizer.synthesize(SAMPLE_SENTENCES[language], language, { builtin: voice })).wav);
        const heard = analyzeVoice(await decodeMono(file));
        expect(holdsSpeech(heard, 1.5)).toBe(true);
        pitch[voice.gender]!.push(heard.medianPitchHz);
      }
      expect(pitch.female!.length).toBeGreaterThanOrEqual(1);
      expect(pitch.male!.length).toBeGreaterThanOrEqual(1);
      expect(Math.min(...pitch.female!)).toBeGreaterThan(Math.max(...pitch.male!) * 1.3);
      expect(Math.min(...pitch.female!)).toBeGreaterThan(160);
      expect(Math.max(...pitch.male!)).toBeLessThan(160);
    },
  );

  test('Flite voices report their phonemes with times, as the mouth needs', async () => {
    const speech = await synthesizer.synthesize(
      'Hello, my name is Emma. Joy, thought and pleasure: the quick brown fox jumps over the lazy dog.',
      'en',
      { builtin: builtinVoice('builtin-en-emma')! },
    );
    const ids = speech.phonemes.map((event) => event.id);
    expect(ids).toEqual(expect.arrayContaining(['h', 'm', 'n', 'ɛ']));
    // Every phone is one the mouth knows how to shape.
    expect(ids.filter((id) => id && parsePhoneme(id, 'en').unknown.length)).toEqual([]);
    const times = speech.phonemes.map((event) => event.ms);
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(times.at(-1)!).toBeLessThan(speech.durationSeconds * 1000);
    expect(times.at(-1)!).toBeGreaterThan(speech.durationSeconds * 1000 * 0.7);
  });
});

test("a script at the limit is spoken whole by Flite (in pieces Node's WASI survives), its phonemes in order", async () => {
  let script = '';
  while (script.length < SCRIPT_MAX_CHARS - 80) script += 'Our team keeps building better tools for everyone who makes videos. ';
  const speech = await synthesizer.synthesize(script, 'en', { builtin: builtinVoice('builtin-en-emma')! });
  expect(speech.durationSeconds).toBeGreaterThan(200);
  const times = speech.phonemes.map((event) => event.ms);
  expect(times).toEqual([...times].sort((a, b) => a - b));
  expect(times.at(-1)!).toBeGreaterThan(speech.durationSeconds * 1000 - 2000);
  expect(speech.phonemes.filter((event) => event.id === 'v').length).toBeGreaterThanOrEqual(70);
}, 60_000);

test('text over the limit is text_too_long', async () => {
  await expect(synthesizer.synthesize('a'.repeat(SCRIPT_MAX_CHARS + 1), 'en')).rejects.toMatchObject({
    status: 400,
    code: 'text_too_long',
  });
});

describe('how a script is said', () => {
  /** The longest run of silence (every 10 ms window below -40 dBFS), in seconds, and where it starts. */
  function longestSilence(samples: Float32Array, sampleRate: number) {
    const window = Math.round(sampleRate / 100);
    let best = { seconds: 0, start: 0 };
    let run = 0;
    for (let at = 0; at + window <= samples.length; at += window) {
      let sum = 0;
      for (let i = at; i < at + window; i++) sum += samples[i]! ** 2;
      run = Math.sqrt(sum / window) < 0.01 ? run + 1 : 0;
      if (run / 100 > best.seconds) best = { seconds: run / 100, start: (at + window) / sampleRate - run / 100 };
    }
    return best;
  }

  test.each([
    ['en', 'builtin-en-emma', 'Hello there, and welcome. [pause 1.5s] Today we look at the numbers.'],
    ['en', 'builtin-en-james', 'Hello there, and welcome. [pause 1.5s] Today we look at the numbers.'],
    ['de', 'builtin-de', 'Willkommen in unserem Unternehmen, schön dass Sie da sind. [Pause 1.5s] Heute sprechen wir über Zahlen.'],
  ] as const)('%s (%s): [pause 1.5s] is 1.5 s of silence with the mouth closed', async (language, voiceId, script) => {
    const speech = await synthesizer.synthesize(script, language, { builtin: builtinVoice(voiceId)! });
    const file = join(dir, `${voiceId}-pause.wav`);
    writeFileSync(file, speech.wav);
    const samples = await decodeMono(file);
    const silence = longestSilence(samples, 16_000);
    expect(silence.seconds).toBeGreaterThanOrEqual(1.45);
    expect(silence.seconds).toBeLessThanOrEqual(1.55);

    const fps = 25;
    const frames = Math.ceil(speech.durationSeconds * fps);
    const track = articulationFromPhonemes(speech.phonemes, frames, fps, undefined, language);
    const inPause = track.slice(Math.ceil((silence.start + 0.1) * fps), Math.floor((silence.start + silence.seconds - 0.1) * fps));
    expect(inPause.length).toBeGreaterThan(25);
    for (const shape of inPause) expect(mouthOpening(shape)).toBe(0);
    // Speech on both sides of it.
    expect(silence.start).toBeGreaterThan(1);
    expect(speech.durationSeconds - silence.start - silence.seconds).toBeGreaterThan(1);
  });

  test.each([
    ['builtin-en-emma', 'en'],
    ['builtin-en-alan', 'en'],
    ['builtin-fr', 'fr'],
    ['builtin-ja-takumi', 'ja'],
  ] as const)('%s: speed 1.5 takes two thirds of the time, 0.75 four thirds (±5 %%)', async (voiceId, language) => {
    const voice = { builtin: builtinVoice(voiceId)! };
    const text = SENTENCES[language];
    const normal = await synthesizer.synthesize(text, language, voice);
    const fast = await synthesizer.synthesize(text, language, voice, { speed: 1.5 });
    const slow = await synthesizer.synthesize(text, language, voice, { speed: 0.75 });
    expect(fast.durationSeconds / normal.durationSeconds).toBeCloseTo(2 / 3, 1);
    expect(Math.abs(fast.durationSeconds / normal.durationSeconds - 2 / 3)).toBeLessThanOrEqual((2 / 3) * 0.05);
    expect(Math.abs(slow.durationSeconds / normal.durationSeconds - 4 / 3)).toBeLessThanOrEqual((4 / 3) * 0.05);
  });

  test("the team's pronunciations are said as written, whole words only", async () => {
    const plain = await synthesizer.synthesize('Kagami and SQL.', 'en');
    const said = await synthesizer.synthesize('Kagami and SQL.', 'en', undefined, {
      pronunciations: [
        { word: 'sql', sayAs: 'sequel' },
        { word: 'Kagami', sayAs: 'kah gah me' },
      ],
    });
    const spelled = await synthesizer.synthesize('kah gah me and sequel.', 'en');
    expect(said.phonemes.map((event) => event.id)).toEqual(spelled.phonemes.map((event) => event.id));
    expect(said.phonemes.map((event) => event.id)).not.toEqual(plain.phonemes.map((event) => event.id));
  });
});
