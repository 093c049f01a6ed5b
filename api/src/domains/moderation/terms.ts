// Blocked terms: the operators' list (a file, MODERATION_BLOCKLIST) and each team's own. A term matches a script in any
// letter case and width (NFKC), as a whole word in scripts written with spaces and anywhere in Japanese text.

const normal = (text: string) => text.normalize('NFKC').toLocaleLowerCase();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The terms of a list file: one a line; blank lines and lines starting with `#` are skipped. */
export const parseTermList = (text: string) =>
  text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));

/** A letter or digit of a script written with spaces: a term ending in one must not run on into another word. */
const spacedWordChar = (char: string) =>
  /[\p{L}\p{N}]/u.test(char) && !/[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u.test(char);

/** The first of `terms` the text contains, or null. */
export function findBlockedTerm(text: string, terms: readonly string[]): string | null {
  const said = normal(text);
  for (const term of terms) {
    const wanted = normal(term.trim());
    if (!wanted) continue;
    const before = spacedWordChar(wanted[0]!) ? '(?<![\\p{L}\\p{N}])' : '';
    const after = spacedWordChar(wanted.at(-1)!) ? '(?![\\p{L}\\p{N}])' : '';
    if (new RegExp(`${before}${escapeRegExp(wanted)}${after}`, 'u').test(said)) return term;
  }
  return null;
}
