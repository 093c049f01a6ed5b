/**
 * How a script is said, beyond its words: pauses written into it (`[pause 1.5s]`, `[pause 500ms]`, read by
 * `scriptParts`), and the team's pronunciations (a word, and how to say it) applied before any engine reads it.
 */
import { scriptParts } from '@kagami/shared/validation';

/** The seconds of silence a script writes in. */
export const pauseSecondsOf = (script: string) =>
  scriptParts(script).reduce((total, part) => total + ('pauseSeconds' in part ? part.pauseSeconds : 0), 0);

/** The script as words only (for subtitles and captions): pause marks removed. */
export const wordsOf = (script: string) =>
  scriptParts(script)
    .flatMap((part) => ('say' in part ? [part.say] : []))
    .join(' ');

export type Pronunciation = { word: string; sayAs: string };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Every whole-word occurrence of a listed word (any case) replaced by how it is said. Words in scripts without spaces
 * (Japanese, Chinese) are matched anywhere; longer entries first, so "New York City" wins over "New York".
 */
export function applyPronunciations(text: string, list: readonly Pronunciation[]): string {
  if (list.length === 0) return text;
  const sorted = [...list].sort((a, b) => b.word.length - a.word.length);
  const byWord = new Map(sorted.map((entry) => [entry.word.toLocaleLowerCase(), entry.sayAs]));
  const alternatives = sorted.map((entry) => {
    const word = escapeRegExp(entry.word);
    return /^[\p{L}\p{N}]/u.test(entry.word) && /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}]$/u.test(entry.word)
      ? `(?<![\\p{L}\\p{N}])${word}(?![\\p{L}\\p{N}])`
      : word;
  });
  return text.replace(new RegExp(alternatives.join('|'), 'giu'), (found) => byWord.get(found.toLocaleLowerCase()) ?? found);
}
