import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ContentLanguage } from '@kagami/shared/validation';
import { probeMedia } from '../../src/media/probe';
import { SCRIPT_MAX_CHARS } from '@kagami/shared/validation';
import { SpeechSynthesizer } from '../../src/engine/speech/synthesizer';

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
    expect(probe).toMatchObject({ formatName: 'wav', audio: { sampleRate: 22050, channels: 1 } });
    expect(probe!.durationSeconds).toBeCloseTo(speech.durationSeconds, 1);
  },
);

test('Japanese kanji are read as words, not as "Japanese letter" noise', async () => {
  const kanji = await synthesizer.synthesize('今日は良い天気です。', 'ja');
  const kana = await synthesizer.synthesize('きょうはよいてんきです。', 'ja');
  expect(Math.abs(kanji.durationSeconds - kana.durationSeconds)).toBeLessThan(0.6);
});

test('the voice profile shapes the speech: a faster speaker takes less time', async () => {
  const slow = await synthesizer.synthesize(SENTENCES.en, 'en', { medianPitchHz: 110, wordsPerMinute: 120, loudnessDb: -20 });
  const fast = await synthesizer.synthesize(SENTENCES.en, 'en', { medianPitchHz: 220, wordsPerMinute: 240, loudnessDb: -20 });
  expect(fast.durationSeconds).toBeLessThan(slow.durationSeconds * 0.7);
});

test('text over the limit is text_too_long', async () => {
  await expect(synthesizer.synthesize('a'.repeat(SCRIPT_MAX_CHARS + 1), 'en')).rejects.toMatchObject({
    status: 400,
    code: 'text_too_long',
  });
});
