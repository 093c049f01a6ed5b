/** Pauses written into a script: `[pause 1.5s]` or `[pause 500ms]` (any case), read the same by the editor and the engine. */

/** A pause longer than this is read as this long: a script is speech, not a wait. */
export const MAX_PAUSE_SECONDS = 10;

const PAUSE = /\[pause\s+(\d+(?:\.\d+)?)\s*(ms|s)\]/gi;

export type ScriptPart = { say: string } | { pauseSeconds: number };

/** The script as what is said, and the silences written between (empty text between pauses is dropped). */
export function scriptParts(script: string): ScriptPart[] {
  const parts: ScriptPart[] = [];
  let from = 0;
  for (const match of script.matchAll(PAUSE)) {
    const say = script.slice(from, match.index).trim();
    if (say) parts.push({ say });
    const amount = Number(match[1]);
    const seconds = match[2]!.toLowerCase() === 'ms' ? amount / 1000 : amount;
    parts.push({ pauseSeconds: Math.min(MAX_PAUSE_SECONDS, seconds) });
    from = match.index + match[0].length;
  }
  const rest = script.slice(from).trim();
  if (rest) parts.push({ say: rest });
  return parts;
}

/** The mark for a pause of `seconds`, as the editor inserts it. */
export const pauseMark = (seconds: number) => `[pause ${seconds}s]`;

/** Languages written without spaces between words: their speaking time goes by characters. */
const WITHOUT_SPACES = new Set(['ja', 'zh']);

/**
 * How long a script takes to say, estimated (seconds, at least 1): about 2.6 words a second, or 7 characters in a
 * language without spaces, at `speed`, with its written pauses. The quota reserves it; the editor shows it.
 */
export function estimateSpeechSeconds(script: string, language: string, speed = 1): number {
  const parts = scriptParts(script);
  const words = parts.flatMap((part) => ('say' in part ? [part.say] : [])).join(' ');
  const pauses = parts.reduce((total, part) => total + ('pauseSeconds' in part ? part.pauseSeconds : 0), 0);
  const spoken = WITHOUT_SPACES.has(language) ? words.replace(/\s/g, '').length / 7 : words.split(/\s+/).filter(Boolean).length / 2.6;
  return Math.max(1, Math.ceil(spoken / speed + pauses));
}
