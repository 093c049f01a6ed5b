// `pnpm bench:voices`: per built-in English voice, how long synthesis of 60 s of speech takes, and how intelligible
// the voice is to an independent recogniser: PocketSphinx (Debian's `pocketsphinx` and `pocketsphinx-en-us`, installed
// when missing) transcribes 20 fixed sentences, and the word error rate is counted against the text. eSpeak NG's
// default voice, which spoke every English script before the voice library, is the yardstick.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUILTIN_VOICES } from '../src/engine/speech/builtin-voices';
import { NEUTRAL_VOICE, SpeechSynthesizer, type LocalVoice } from '../src/engine/speech/synthesizer';
import { runFfmpeg } from '../src/media/tools';

const SENTENCES = [
  'Welcome to our company and thank you for watching this video.',
  'Today I will show you how our new product works.',
  'Please open the settings page and choose your language.',
  'The meeting starts at nine in the morning on Monday.',
  'Our team has worked hard to make this release faster.',
  'You can download the report from the link below.',
  'If you have any questions, send us a message at any time.',
  'The weather will be sunny with a light wind in the afternoon.',
  'We are happy to announce three new features this month.',
  'Remember to save your work before you close the window.',
  'Sales grew by ten percent in the last quarter.',
  'Click the green button to start your free trial.',
  'Our support team answers every request within one day.',
  'This course has six short lessons about public speaking.',
  'The new office is close to the central train station.',
  'Please read the safety instructions before you begin.',
  'Every customer receives a welcome gift with the first order.',
  'We will travel to the conference by plane next week.',
  'Thank you for your patience while we improve the service.',
  'See you again in the next video, and have a great day.',
];

const MODEL = '/usr/share/pocketsphinx/model/en-us';
const RECOGNISER = '/usr/bin/pocketsphinx_continuous';

function ensureRecogniser() {
  if (existsSync(RECOGNISER) && existsSync(MODEL)) return;
  console.log('Installing PocketSphinx with its English model (apt-get)…');
  execFileSync('apt-get', ['install', '-y', '-qq', 'pocketsphinx', 'pocketsphinx-en-us'], { stdio: 'inherit' });
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z' ]/g, ' ')
    .split(/\s+/)
    .filter(Boolean);

/** Levenshtein distance over words: substitutions, insertions and deletions. */
function wordErrors(reference: string[], heard: string[]) {
  let previous = Array.from({ length: heard.length + 1 }, (_, j) => j);
  for (let i = 1; i <= reference.length; i += 1) {
    const row = [i];
    for (let j = 1; j <= heard.length; j += 1) {
      row[j] = Math.min(previous[j]! + 1, row[j - 1]! + 1, previous[j - 1]! + (reference[i - 1] === heard[j - 1] ? 0 : 1));
    }
    previous = row;
  }
  return previous[heard.length]!;
}

async function transcribe(wav: Buffer, dir: string) {
  const input = join(dir, 'input.wav');
  const recognised = join(dir, 'recognised.wav');
  writeFileSync(input, wav);
  await runFfmpeg(['-i', input, '-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', recognised]);
  const run = spawnSync(
    RECOGNISER,
    [
      '-infile',
      recognised,
      '-hmm',
      join(MODEL, 'en-us'),
      '-lm',
      join(MODEL, 'en-us.lm.bin'),
      '-dict',
      join(MODEL, 'cmudict-en-us.dict'),
      '-logfn',
      '/dev/null',
    ],
    { encoding: 'utf8' },
  );
  return run.stdout.trim().split('\n').join(' ');
}

async function main() {
  ensureRecogniser();
  const dir = mkdtempSync(join(tmpdir(), 'kagami-bench-voices-'));
  const speech = new SpeechSynthesizer();
  const espeak = (gender: 'female' | 'male', engineVoice: string): LocalVoice => ({
    builtin: { id: `espeak-${gender}`, name: engineVoice, language: 'en', gender, engine: 'espeak', engineVoice },
  });
  const voices: [string, LocalVoice][] = [
    ['eSpeak NG gmw/en-US (every English script before the library)', espeak('male', 'gmw/en-US')],
    ['eSpeak NG gmw/en-US+f3', espeak('female', 'gmw/en-US+f3')],
    ...BUILTIN_VOICES.filter((voice) => voice.language === 'en').map((voice): [string, LocalVoice] => [
      `${voice.name} (${voice.engine} ${voice.engineVoice}, ${voice.gender})`,
      { builtin: voice },
    ]),
    ['a voice model of a man: 115 Hz, 150 words a minute', { profile: { ...NEUTRAL_VOICE, medianPitchHz: 115, wordsPerMinute: 150 } }],
    ['a voice model of a woman: 210 Hz, 180 words a minute', { profile: { ...NEUTRAL_VOICE, medianPitchHz: 210, wordsPerMinute: 180 } }],
  ];
  const rows: string[] = [];
  try {
    await speech.synthesize('Warming up.', 'en');
    for (const [name, voice] of voices) {
      let spokenSeconds = 0;
      let synthesisMs = 0;
      let errors = 0;
      let total = 0;
      const transcripts: string[] = [];
      for (const sentence of SENTENCES) {
        const started = performance.now();
        const spoken = await speech.synthesize(sentence, 'en', voice);
        synthesisMs += performance.now() - started;
        spokenSeconds += spoken.durationSeconds;
        const heard = await transcribe(spoken.wav, dir);
        transcripts.push(heard);
        errors += wordErrors(words(sentence), words(heard));
        total += words(sentence).length;
      }
      const per60 = (synthesisMs / 1000) * (60 / spokenSeconds);
      rows.push(`| ${name} | ${per60.toFixed(2)} s | ${((100 * errors) / total).toFixed(1)} % |`);
      console.log(`\n${name}: heard (first three) —\n  ${transcripts.slice(0, 3).join('\n  ')}`);
    }
  } finally {
    speech.close();
    rmSync(dir, { recursive: true, force: true });
  }
  console.log(`\n| voice | synthesis of 60 s of speech | word error rate (PocketSphinx, ${SENTENCES.length} sentences) |`);
  console.log('| --- | --- | --- |');
  for (const row of rows) console.log(row);
}

void main();
