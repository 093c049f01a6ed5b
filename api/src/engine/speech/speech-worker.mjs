// A child process that speaks: eSpeak NG (GPL-3.0, hence its own process) compiled to WebAssembly,
// with kuromoji turning Japanese into katakana first (eSpeak reads kanji as noise), and Flite (flite.mjs).
// Messages in: { id, engine: 'espeak', text, voice, rate, pitch, kana } or { id, engine: 'flite', text, voice, pitchHz, stretch }.
// Out: { id, pcm, sampleRate, phonemes } (16-bit mono; each phoneme with its position in ms, for the mouth) or
// { id, error }.
import Module from '@echogarden/espeak-ng-emscripten';
import kuromoji from 'kuromoji';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { speakWithFlite } from './flite.mjs';

const require = createRequire(import.meta.url);
const ESPEAK_RATE = 22_050;
let engine;
let tokenizer;

async function espeak() {
  engine ??= new (await Module()).eSpeakNGWorker();
  return engine;
}

async function japaneseTokenizer() {
  tokenizer ??= await new Promise((resolve, reject) =>
    kuromoji
      .builder({ dicPath: join(dirname(require.resolve('kuromoji')), '..', 'dict') })
      .build((error, built) => (error ? reject(error) : resolve(built))),
  );
  return tokenizer;
}

const toKatakana = (tokens) =>
  tokens.map((token) => (token.reading && token.reading !== '*' ? token.reading : token.surface_form)).join('');

process.on('message', async (message) => {
  try {
    if (message.engine === 'flite') {
      const { pcm, sampleRate, phonemes } = await speakWithFlite(message.text, message.voice, message);
      process.send({ id: message.id, pcm, sampleRate, phonemes });
      return;
    }
    const text = message.kana ? toKatakana((await japaneseTokenizer()).tokenize(message.text)) : message.text;
    const speaker = await espeak();
    speaker.set_voice(message.voice);
    speaker.set_rate(message.rate);
    speaker.set_pitch(message.pitch);
    const chunks = [];
    const phonemes = [];
    speaker.synthesize(text, (samples, events) => {
      chunks.push(Int16Array.from(samples));
      for (const event of events ?? []) if (event.type === 'phoneme') phonemes.push({ id: event.id ?? '', ms: event.audio_position });
      return false;
    });
    const pcm = new Int16Array(chunks.reduce((total, chunk) => total + chunk.length, 0));
    let offset = 0;
    for (const chunk of chunks) {
      pcm.set(chunk, offset);
      offset += chunk.length;
    }
    process.send({ id: message.id, pcm: new Uint8Array(pcm.buffer), sampleRate: ESPEAK_RATE, phonemes });
  } catch (error) {
    process.send({ id: message.id, error: String(error?.message ?? error) });
  }
});
