// The phones eSpeak writes for the content languages, each with its viseme class and the articulation it aims at
// (jaw, rounding, spreading, press, tuck), and the reading of an eSpeak phoneme id into those phones.
import type { ContentLanguage } from '@kagami/shared/validation';
import { REST, type Articulation } from '../face-shapes';

export type VisemeClass =
  | 'closed' // m b p: lips pressed together
  | 'open' // a ɑ æ ʌ: jaw low
  | 'mid' // e ɛ ə: jaw half open
  | 'spread' // i ɪ: jaw high, corners out
  | 'rounded' // o u ʊ ɔ y ø: corners in, lips forward
  | 'labiodental' // f v: lower lip under the upper teeth
  | 'lipApproach' // ɸ β (Japanese fu, Spanish b between vowels): lips nearly meet, not sealed
  | 'roundedGlide' // w ɥ
  | 'spreadGlide' // j ç ʝ
  | 'sibilant' // s z ts dz: teeth together
  | 'postalveolar' // ʃ ʒ tʃ dʒ ɕ tɕ ʐ: lips pushed forward a little
  | 'rhotic' // English ɹ: slightly rounded
  | 'coronal' // t d n l r ɾ θ ð and other front consonants: the default, lips slightly parted
  | 'back' // k ɡ ŋ x h ʔ ʁ: made inside the mouth; the lips take the neighbours' shape
  | 'aspiration' // the burst after p: the lips already opening into the next sound
  | 'rest';

const at = (jaw: number, shape: Partial<Omit<Articulation, 'jaw'>> = {}): Articulation => ({ ...REST, jaw, ...shape });

/** Each class's typical target; phones below refine it. */
export const CLASS_TARGETS: Record<VisemeClass, Articulation> = {
  closed: at(0.08, { press: 1 }),
  open: at(0.9, { spread: 0.1 }),
  mid: at(0.5, { spread: 0.25 }),
  spread: at(0.22, { spread: 0.9 }),
  rounded: at(0.35, { round: 0.9 }),
  labiodental: at(0.12, { tuck: 1 }),
  lipApproach: at(0.12, { round: 0.35, press: 0.5 }),
  roundedGlide: at(0.12, { round: 1 }),
  spreadGlide: at(0.15, { spread: 0.6 }),
  sibilant: at(0.1, { spread: 0.3 }),
  postalveolar: at(0.15, { round: 0.55 }),
  rhotic: at(0.2, { round: 0.4 }),
  coronal: at(0.22),
  back: at(0.32),
  aspiration: at(0.3),
  rest: REST,
};

type Phone = { cls: VisemeClass; target?: Partial<Articulation> };
const vowel = (cls: VisemeClass, jaw: number, shape: Partial<Omit<Articulation, 'jaw'>> = {}): Phone => ({
  cls,
  target: { jaw, round: 0, spread: 0, ...shape },
});

/**
 * The phones eSpeak writes for the 13 content languages (IPA; stress, length and other marks removed first). Greedy
 * longest match, so affricates (tʃ) and marked vowels (ɯᵝ) win over their first letter; diphthongs are read as two
 * vowels and glide from one to the other.
 */
const PHONES: Record<string, Phone> = {
  // open
  a: vowel('open', 0.95, { spread: 0.1 }),
  ä: vowel('open', 0.85),
  ɑ: vowel('open', 0.95, { round: 0.1 }),
  æ: vowel('open', 0.8, { spread: 0.3 }),
  ɐ: vowel('open', 0.65),
  ʌ: vowel('open', 0.7),
  ɒ: vowel('open', 0.85, { round: 0.45 }),
  ɶ: vowel('open', 0.8, { round: 0.45 }),
  // mid
  e: vowel('mid', 0.42, { spread: 0.55 }),
  ɛ: vowel('mid', 0.58, { spread: 0.35 }),
  ə: vowel('mid', 0.45),
  ɜ: vowel('mid', 0.5),
  ɚ: vowel('mid', 0.42, { round: 0.25 }),
  ɘ: vowel('mid', 0.4, { spread: 0.2 }),
  ɤ: vowel('mid', 0.45, { spread: 0.15 }),
  // spread
  i: vowel('spread', 0.2, { spread: 1 }),
  ɪ: vowel('spread', 0.3, { spread: 0.75 }),
  ɨ: vowel('spread', 0.22, { spread: 0.45 }),
  ɯ: vowel('spread', 0.22, { spread: 0.35 }),
  // rounded
  o: vowel('rounded', 0.45, { round: 0.85 }),
  ɔ: vowel('rounded', 0.6, { round: 0.7 }),
  u: vowel('rounded', 0.2, { round: 1 }),
  ʊ: vowel('rounded', 0.3, { round: 0.75 }),
  y: vowel('rounded', 0.2, { round: 0.9 }),
  ʏ: vowel('rounded', 0.3, { round: 0.75 }),
  ʉ: vowel('rounded', 0.2, { round: 0.9 }),
  ø: vowel('rounded', 0.38, { round: 0.85 }),
  œ: vowel('rounded', 0.52, { round: 0.7 }),
  ɵ: vowel('rounded', 0.4, { round: 0.7 }),
  // Japanese u: compressed lips, barely pushed forward.
  ɯᵝ: vowel('rounded', 0.2, { round: 0.4 }),
  // consonants
  m: { cls: 'closed' },
  b: { cls: 'closed' },
  p: { cls: 'closed' },
  ɸ: { cls: 'lipApproach' },
  β: { cls: 'lipApproach' },
  f: { cls: 'labiodental' },
  v: { cls: 'labiodental' },
  ʋ: { cls: 'labiodental', target: { tuck: 0.6 } },
  ɱ: { cls: 'labiodental' },
  w: { cls: 'roundedGlide' },
  ɥ: { cls: 'roundedGlide', target: { round: 0.85 } },
  j: { cls: 'spreadGlide' },
  ʝ: { cls: 'spreadGlide' },
  ç: { cls: 'spreadGlide', target: { spread: 0.4 } },
  s: { cls: 'sibilant' },
  z: { cls: 'sibilant' },
  ts: { cls: 'sibilant' },
  dz: { cls: 'sibilant' },
  ʃ: { cls: 'postalveolar' },
  ʒ: { cls: 'postalveolar' },
  tʃ: { cls: 'postalveolar' },
  dʒ: { cls: 'postalveolar' },
  ʂ: { cls: 'postalveolar', target: { round: 0.4 } },
  ʐ: { cls: 'postalveolar', target: { round: 0.4 } },
  // Alveolo-palatal (Japanese shi, Mandarin x, Polish ś): hardly rounded.
  ɕ: { cls: 'postalveolar', target: { round: 0.25, spread: 0.2 } },
  ʑ: { cls: 'postalveolar', target: { round: 0.25, spread: 0.2 } },
  tɕ: { cls: 'postalveolar', target: { round: 0.25, spread: 0.2 } },
  dʑ: { cls: 'postalveolar', target: { round: 0.25, spread: 0.2 } },
  ɹ: { cls: 'rhotic' },
  θ: { cls: 'coronal', target: { jaw: 0.25 } },
  ð: { cls: 'coronal', target: { jaw: 0.25 } },
  t: { cls: 'coronal' },
  d: { cls: 'coronal' },
  n: { cls: 'coronal' },
  l: { cls: 'coronal' },
  ɫ: { cls: 'coronal' },
  ɭ: { cls: 'coronal' },
  r: { cls: 'coronal' },
  ɾ: { cls: 'coronal' },
  ɽ: { cls: 'coronal' },
  ɲ: { cls: 'coronal' },
  ʎ: { cls: 'coronal' },
  k: { cls: 'back' },
  ɡ: { cls: 'back' },
  g: { cls: 'back' },
  ŋ: { cls: 'back' },
  x: { cls: 'back' },
  ɣ: { cls: 'back' },
  χ: { cls: 'back' },
  ʁ: { cls: 'back' },
  q: { cls: 'back' },
  ʔ: { cls: 'back' },
  h: { cls: 'back' },
  ɦ: { cls: 'back' },
  ħ: { cls: 'back' },
  ʕ: { cls: 'back' },
};
/** Phones are matched in decomposed form (ç is c + cedilla, Japanese ä is a + diaeresis), longest first. */
const decomposed = (table: Record<string, Phone>) =>
  new Map(Object.entries(table).map(([symbol, phone]) => [symbol.normalize('NFD'), phone]));
const PHONE_TABLE = decomposed(PHONES);
const PHONE_KEYS = [...PHONE_TABLE.keys()].sort((a, b) => b.length - a.length);

/** eSpeak writes Russian ы as `y`; everywhere else `y` is the rounded vowel of German ü, French u, Mandarin ü. */
const LANGUAGE_PHONES: Partial<Record<ContentLanguage, Record<string, Phone>>> = {
  ru: { y: PHONES['ɨ']! },
};

export const VOWEL_CLASSES = new Set<VisemeClass>(['open', 'mid', 'spread', 'rounded']);
export const isVowel = (phone: Phone) => VOWEL_CLASSES.has(phone.cls);

type ParsedPhone = { symbol: string; phone: Phone };

/**
 * Reads one eSpeak phoneme id: its phones ("ˈaɪ" → a, ɪ; "tʃʲ" → tʃ; Mandarin "ph" → p; "" → none) and any symbol this
 * table does not know (skipped; the tests make sure eSpeak's output for the 13 languages has none).
 */
export function parsePhoneme(id: string, language?: ContentLanguage): { phones: ParsedPhone[]; unknown: string[] } {
  const clean = id
    .normalize('NFD')
    // stress, length, syllable and eSpeak's own marks ("i." "o-" "u\"" "s-")
    .replace(/[ˈˌːˑ'",%_.\-=|]/g, '')
    // palatalisation, aspiration and similar modifier letters
    .replace(/[\u02b0-\u02b8\u02c0\u02c1\u02e0-\u02e4]/g, '')
    // Mandarin's aspirated stops are written kh, ph, th, tsh, tɕh
    .replace(/(?<=[ptkscɕʂ])h$/, '');
  const overrides = language && LANGUAGE_PHONES[language] ? decomposed(LANGUAGE_PHONES[language]) : undefined;
  const phones: ParsedPhone[] = [];
  const unknown: string[] = [];
  for (let i = 0; i < clean.length;) {
    const symbol = PHONE_KEYS.find((key) => clean.startsWith(key, i));
    if (symbol) phones.push({ symbol: symbol.normalize('NFC'), phone: overrides?.get(symbol) ?? PHONE_TABLE.get(symbol)! });
    // Any other diacritic (nasal ̃, lowered ̞, dental ̪, …) changes nothing the lips show.
    else if (!/\p{M}/u.test(clean[i]!)) unknown.push(clean[i]!);
    i += symbol?.length ?? 1;
  }
  // A lone palatalisation mark (Russian, Polish) is a j glide.
  if (!phones.length && /ʲ/.test(id)) phones.push({ symbol: 'j', phone: PHONES['j']! });
  return { phones, unknown };
}

/** The phones of one eSpeak phoneme id (see `parsePhoneme`). */
export const phonesOf = (id: string, language?: ContentLanguage) => parsePhoneme(id, language).phones;

/** The articulation one phone aims at. */
export function targetOf(phone: Phone): Articulation {
  return { ...CLASS_TARGETS[phone.cls], ...phone.target };
}
