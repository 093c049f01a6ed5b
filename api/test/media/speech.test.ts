import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContentLanguage } from '@kagami/shared/validation';
import { probeMedia } from '../../src/media/probe';
import { CONTENT_LANGUAGES, SCRIPT_MAX_CHARS } from '@kagami/shared/validation';
import { SpeechSynthesizer } from '../../src/engine/speech/synthesizer';
import { BUILTIN_VOICES, builtinVoice } from '../../src/engine/speech/builtin-voices';
import { SAMPLE_SENTENCES } from '../../src/engine/speech/sample-sentences';
import { parsePhoneme } from '../../src/engine/face/articulation';
import { decodeMono } from '../../src/engine/local/decode';
import { analyzeVoice, holdsSpeech } from '../../src/engine/local/voice-analysis';

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
