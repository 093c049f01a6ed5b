// What the speech asks of the lips and jaw in each video frame (see `Articulation` in types.ts).
//
// From eSpeak's phonemes (synthesized speech): each phoneme becomes one or more segments with a viseme class and a
// target articulation; the targets are blended over time with dominance functions (Cohen & Massaro 1993: a segment's
// influence is strongest over its own stretch and decays before it, the look-ahead, and after it, the carry-over), so
// lips and jaw move through the sounds rather than snapping to them. On top of the blend, hard constraints: m, b and
// p close the lips completely on at least one frame, a pause of PAUSE_MS or more is at rest, the mouth never opens
// over silence, and the opening changes by at most MAX_OPENING_STEP a frame except at a b or p release.
//
// From loudness alone (uploaded audio): the jaw follows the envelope; lip spreading comes from where the voice's energy
// lies in the spectrum (a high second formant: i, e), when the samples are given. Rounding has no reliable cue there.
import type { ContentLanguage } from '@kagami/shared/validation';
import type { PhonemeEvent } from '../speech/synthesizer';
import { REST, type Articulation } from '../face-shapes';
import { clamp01 } from '../numbers';

/** The mouth moves slightly before the sound it makes. */
export const LEAD_MS = 30;
/** A quieter stretch than this is a pause: the mouth closes. */
export const PAUSE_MS = 300;

/**
 * The most the mouth's opening (`mouthOpening`) changes from one frame to the next, except on a plosive release frame.
 * At 25 fps, closed to wide open takes at least four frames (160 ms) — about the fastest a jaw opens in fluent speech —
 * while a consonant between two vowels can still take the mouth most of the way shut and back.
 */
export const MAX_OPENING_STEP = 0.3;
/** How far rounding, spreading and the f/v tuck move in one frame at most: lips re-shape in about 100 ms. */
export const MAX_LIP_SHAPE_STEP = 0.35;

/** How open the lips are, 0 shut .. 1 wide: the jaw's drop, undone by pressing the lips together. */
export const mouthOpening = (a: Articulation) => a.jaw * (1 - a.press);

// ---------------------------------------------------------------------------------------------------------------
// Viseme classes and targets

type VisemeClass =
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

const VOWEL_CLASSES = new Set<VisemeClass>(['open', 'mid', 'spread', 'rounded']);
const isVowel = (phone: Phone) => VOWEL_CLASSES.has(phone.cls);

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

// ---------------------------------------------------------------------------------------------------------------
// Segments: who wants what, when (audio milliseconds)

type Channel = keyof Articulation;
const CHANNELS: Channel[] = ['jaw', 'round', 'spread', 'press', 'tuck'];

/** How strongly a class holds each channel against its neighbours (Cohen–Massaro's α). */
type Dominance = Record<Channel, number>;
const dominance = (jaw: number, lips: number, press = 1, tuck = 1): Dominance => ({ jaw, round: lips, spread: lips, press, tuck });
/**
 * Vowels own the jaw and the lip shape; m b p own the press (α 3: the lips start closing a frame ahead; the closure
 * itself is enforced on their frames afterwards); f v own the tuck;
 * consonants made inside the mouth (k, h) barely hold anything, so the vowels' shapes carry through them — which is
 * how the lips round for "too" already at the t.
 */
const DOMINANCE: Record<VisemeClass, Dominance> = {
  open: dominance(1, 1),
  mid: dominance(1, 1),
  spread: dominance(1, 1),
  rounded: dominance(1, 1.1),
  closed: dominance(0.7, 0.25, 3),
  lipApproach: dominance(0.7, 0.6, 3),
  labiodental: dominance(0.8, 0.3, 1, 6),
  roundedGlide: dominance(0.7, 1.3),
  spreadGlide: dominance(0.6, 0.8),
  sibilant: dominance(0.9, 0.3),
  postalveolar: dominance(0.8, 0.9),
  rhotic: dominance(0.5, 0.7),
  coronal: dominance(0.5, 0.2),
  back: dominance(0.2, 0.1),
  aspiration: dominance(0.1, 0.05, 0.3, 0.3),
  rest: dominance(1, 1, 1, 1),
};
/** A faint pull to rest everywhere, so the blend is defined far from any segment. */
const BACKGROUND_DOMINANCE = 1e-3;

/**
 * How fast a segment's influence rises before it (look-ahead) and falls after it (carry-over), in ms: the distance
 * outside the segment at which its dominance has dropped to 1/e. The lips anticipate rounding and spreading longest
 * (they shape up across a whole consonant cluster); a closure's press comes in fast and lets go faster (a release).
 */
const ATTACK_MS: Record<Channel, number> = { jaw: 45, round: 90, spread: 80, press: 30, tuck: 40 };
const RELEASE_MS: Record<Channel, number> = { jaw: 35, round: 50, spread: 45, press: 10, tuck: 30 };
/** Cohen–Massaro's exponent c: 2 gives bell-shaped rises with no kink where a segment begins. */
const DOMINANCE_SHAPE = 2;

/** How long a voiceless p's silent closure lasts before eSpeak's p event (measured: 35–50 ms, the burst at the event). */
const P_CLOSURE_MS = 45;
/** A voiced b after a consonant starts with a short silence before its event (measured: about 30 ms). */
const B_PRE_CLOSURE_MS = 30;
/** A b opens this long before the next phoneme's event. */
const B_RELEASE_MS = 10;
/** The last phoneme's length when no pause marker ends it. */
const LAST_PHONEME_MS = 120;

/** A stretch of audio time (ms) asking for one target. */
type Segment = {
  start: number;
  end: number;
  cls: VisemeClass;
  target: Articulation;
  /** The closure of an m, b or p: the lips shut. */
  bilabial?: 'm' | 'b' | 'p';
};

/**
 * The audio timeline as contiguous segments: each phoneme split among its phones, a p's closure moved before its
 * burst, pauses and the time before and after the speech as rest.
 */
function segmentsOf(phonemes: PhonemeEvent[], language?: ContentLanguage): Segment[] {
  // Events at the same moment are one event (their phones in order).
  const events: { ms: number; phones: ReturnType<typeof phonesOf> }[] = [];
  for (const event of [...phonemes].sort((a, b) => a.ms - b.ms)) {
    const phones = phonesOf(event.id, language);
    const last = events.at(-1);
    if (last && last.ms === event.ms) last.phones.push(...phones);
    else events.push({ ms: event.ms, phones });
  }
  const spoken = events.filter((event) => event.phones.length);
  if (!spoken.length) return [{ start: -Infinity, end: Infinity, cls: 'rest', target: REST }];
  const segments: Segment[] = [{ start: -Infinity, end: spoken[0]!.ms, cls: 'rest', target: REST }];
  events.forEach((event, index) => {
    if (event.ms < spoken[0]!.ms) return;
    if (!event.phones.length) {
      // A pause runs to the next spoken phoneme (eSpeak marks its start and, again, its end).
      const resume = events.slice(index + 1).find((later) => later.phones.length);
      if (resume && segments.at(-1)!.end <= event.ms) segments.push({ start: event.ms, end: resume.ms, cls: 'rest', target: REST });
      return;
    }
    const end = events[index + 1]?.ms ?? event.ms + LAST_PHONEME_MS;
    // Split the event's time among its phones (a diphthong glides): vowels take more of it than consonants.
    const weights = event.phones.map(({ phone }) => (isVowel(phone) ? 1 : 0.6));
    const total = weights.reduce((sum, weight) => sum + weight, 0);
    let start = event.ms;
    event.phones.forEach(({ symbol, phone }, i) => {
      const stop = i === event.phones.length - 1 ? end : start + ((end - event.ms) * weights[i]!) / total;
      const segment: Segment = { start, end: stop, cls: phone.cls, target: targetOf(phone) };
      if (symbol === 'm' || symbol === 'b' || symbol === 'p') segment.bilabial = symbol;
      segments.push(segment);
      start = stop;
    });
  });
  segments.push({ start: segments.at(-1)!.end, end: Infinity, cls: 'rest', target: REST });
  return retimeBilabials(segments);
}

/**
 * Where the lips are really shut. eSpeak's p event marks the burst: its silent closure is the 35–50 ms before, taken
 * from the previous phone's tail, and the p's own stretch is aspiration, the lips already opening. A b after a
 * consonant begins with a short silence; a b lets go just before the next phoneme.
 */
function retimeBilabials(segments: Segment[]): Segment[] {
  const out: Segment[] = [];
  for (const segment of segments) {
    const previous = out.at(-1);
    if (segment.bilabial !== 'b' && segment.bilabial !== 'p') {
      out.push(segment);
      continue;
    }
    const previousIsConsonant = previous && !VOWEL_CLASSES.has(previous.cls) && previous.cls !== 'rest';
    const before = segment.bilabial === 'p' ? P_CLOSURE_MS : previousIsConsonant ? B_PRE_CLOSURE_MS : 0;
    let closureStart = segment.start - before;
    // The closure takes at most 60 % of the phone before it; over a pause it simply overlaps the silence, which keeps
    // its full length (a long pause stays at rest throughout).
    if (previous && previous.cls !== 'rest') {
      closureStart = Math.max(closureStart, previous.start + 0.4 * (previous.end - previous.start));
      previous.end = Math.min(previous.end, closureStart);
    }
    const releaseAt =
      segment.bilabial === 'p'
        ? Math.min(segment.start + 5, segment.end)
        : Math.max((segment.start + segment.end) / 2, segment.end - B_RELEASE_MS);
    out.push({ ...segment, start: closureStart, end: releaseAt });
    if (releaseAt < segment.end) out.push({ start: releaseAt, end: segment.end, cls: 'aspiration', target: CLASS_TARGETS.aspiration });
  }
  return out.filter((segment) => segment.end > segment.start);
}

// ---------------------------------------------------------------------------------------------------------------
// The blend

/** The longest reach of any dominance function worth computing (exp(-25) of its peak). */
const REACH_MS = 5 * Math.max(...Object.values(ATTACK_MS), ...Object.values(RELEASE_MS));

/** Cohen–Massaro: every segment pulls each channel to its target with its dominance at `ms`; the weighted mean wins. */
function blendAt(segments: Segment[], ms: number, from: number): Articulation {
  const sum: Articulation = { ...REST };
  const weight: Articulation = {
    jaw: BACKGROUND_DOMINANCE,
    round: BACKGROUND_DOMINANCE,
    spread: BACKGROUND_DOMINANCE,
    press: BACKGROUND_DOMINANCE,
    tuck: BACKGROUND_DOMINANCE,
  };
  for (let i = from; i < segments.length && segments[i]!.start <= ms + REACH_MS; i += 1) {
    const segment = segments[i]!;
    const ahead = segment.start - ms;
    const behind = ms - segment.end;
    for (const channel of CHANNELS) {
      let w = DOMINANCE[segment.cls][channel];
      if (ahead > 0) w *= Math.exp(-((ahead / ATTACK_MS[channel]) ** DOMINANCE_SHAPE));
      else if (behind > 0) w *= Math.exp(-((behind / RELEASE_MS[channel]) ** DOMINANCE_SHAPE));
      sum[channel] += w * segment.target[channel];
      weight[channel] += w;
    }
  }
  const out = { ...REST };
  for (const channel of CHANNELS) out[channel] = sum[channel] / weight[channel];
  return out;
}

/** The audio moment frame `n` shows: its start, LEAD_MS ahead, for the mouth moves slightly before the sound. */
const momentOf = (frame: number, fps: number) => (frame * 1000) / fps + LEAD_MS;

/** Frames whose moment lies in [start, end), or, when the stretch falls between two frames, the one nearest its middle. */
function framesDuring(start: number, end: number, frames: number, fps: number): number[] {
  const first = Math.max(0, Math.ceil(((start - LEAD_MS) * fps) / 1000));
  const found: number[] = [];
  for (let n = first; n < frames && momentOf(n, fps) < end; n += 1) found.push(n);
  if (found.length) return found;
  const nearest = Math.round((((start + end) / 2 - LEAD_MS) * fps) / 1000);
  return nearest >= 0 && nearest < frames ? [nearest] : [];
}

/** Where the phonemes put the lips: which frames close them for an m, b or p, and which frames release a b or p. */
type LipEvents = { bilabial: boolean[]; plosiveRelease: boolean[] };

function lipEventsOf(segments: Segment[], frames: number, fps: number): LipEvents {
  const bilabial = new Array<boolean>(frames).fill(false);
  const plosiveRelease = new Array<boolean>(frames).fill(false);
  segments.forEach((segment, index) => {
    if (!segment.bilabial) return;
    const closed = framesDuring(segment.start, segment.end, frames, fps);
    for (const n of closed) bilabial[n] = true;
    if (segment.bilabial === 'm' || !closed.length) return;
    // The lips part at once when a b or p releases into a sound (not into a pause or another closure).
    let next = index + 1;
    while (segments[next]?.cls === 'aspiration') next += 1;
    const after = segments[next];
    if (after && after.cls !== 'rest' && !after.bilabial) {
      const release = closed.at(-1)! + 1;
      if (release < frames) plosiveRelease[release] = true;
    }
  });
  for (let n = 0; n < frames; n += 1) if (bilabial[n]) plosiveRelease[n] = false;
  return { bilabial, plosiveRelease };
}

/** Per frame, whether an m, b or p is being articulated (the lips are shut on every such frame). */
export function bilabialFrames(phonemes: PhonemeEvent[], frames: number, fps: number, language?: ContentLanguage): boolean[] {
  return lipEventsOf(segmentsOf(phonemes, language), frames, fps).bilabial;
}

/** Per frame, whether a b or p releases on it: the only frames where the opening may grow by more than MAX_OPENING_STEP. */
export function plosiveReleaseFrames(phonemes: PhonemeEvent[], frames: number, fps: number, language?: ContentLanguage): boolean[] {
  return lipEventsOf(segmentsOf(phonemes, language), frames, fps).plosiveRelease;
}

// ---------------------------------------------------------------------------------------------------------------
// Constraints

/**
 * A frame's loudness (see `loudnessPerFrame`) from which the gate lets the mouth open fully; below it the opening is
 * scaled down. Low, because quiet consonants (d, v, the t in "Boston": 0.02–0.1) are not silence, and the blend already
 * brings the jaw up for them.
 */
const GATE_FULL_LOUDNESS = 0.05;
/**
 * Silences shorter than this inside speech are a stop's closure (t, k: 40–80 ms of silence before the burst), not a
 * pause: the gate bridges them rather than snapping the mouth shut for one frame between two vowels.
 */
const SILENCE_BRIDGE_MS = 100;

/** Runs of silent frames (loudness 0): [first, end) frame ranges. */
function silentRuns(loudness: number[]): [number, number][] {
  const runs: [number, number][] = [];
  for (let n = 0; n < loudness.length; n += 1) {
    if ((loudness[n] ?? 0) > 0) continue;
    const first = n;
    while (n < loudness.length && (loudness[n] ?? 0) <= 0) n += 1;
    runs.push([first, n]);
  }
  return runs;
}

const framesFor = (ms: number, fps: number) => Math.ceil((ms * fps) / 1000 - 1e-9);

/**
 * 0..1 per frame: how far the loudness lets the mouth open. Silent frames close it, except a short silence between
 * two sounding frames, which takes its quieter neighbour's gate.
 */
function loudnessGate(loudness: number[], fps: number): number[] {
  const gate = loudness.map((value) => Math.min(1, Math.max(0, value) / GATE_FULL_LOUDNESS));
  const bridge = framesFor(SILENCE_BRIDGE_MS, fps);
  for (const [first, end] of silentRuns(loudness)) {
    if (first === 0 || end >= loudness.length || end - first >= bridge) continue;
    const through = Math.min(gate[first - 1]!, gate[end]!);
    for (let n = first; n < end; n += 1) gate[n] = through;
  }
  return gate;
}

/**
 * How much of its target opening the jaw takes at each frame: louder speech opens it wider (stressed, projected
 * syllables drop the jaw further; quiet ones barely), from EMPHASIS_FLOOR at the quietest sound to all of it at the
 * recording's loud end. The loudness is smoothed over EMPHASIS_SMOOTHING_MS first, so the jaw does not flicker with it.
 */
const EMPHASIS_FLOOR = 0.2;
const EMPHASIS_SMOOTHING_MS = 60;

function emphasisOf(loudness: number[], fps: number): number[] {
  const reach = Math.max(1, Math.round((EMPHASIS_SMOOTHING_MS * fps) / 1000 / 2));
  return loudness.map((_, n) => {
    let sum = 0;
    let count = 0;
    for (let k = n - reach; k <= n + reach; k += 1) {
      if (k < 0 || k >= loudness.length) continue;
      sum += Math.max(0, loudness[k]!);
      count += 1;
    }
    return EMPHASIS_FLOOR + (1 - EMPHASIS_FLOOR) * Math.min(1, sum / count);
  });
}

/** Frames in silent runs of PAUSE_MS or more: at rest. */
function longSilences(loudness: number[], fps: number): boolean[] {
  const still = new Array<boolean>(loudness.length).fill(false);
  const pause = framesFor(PAUSE_MS, fps);
  for (const [first, end] of silentRuns(loudness)) if (end - first >= pause) still.fill(true, first, end);
  return still;
}

/**
 * The largest sequence at or below `values` whose rise and fall per frame is at most `step`, except that the rise into
 * a frame marked in `jumpAllowed` is free: peaks are shaved and dips widened, never filled in (a closure stays closed).
 */
function limitSteps(values: number[], step: number, jumpAllowed?: boolean[]): number[] {
  const out = [...values];
  for (let n = 1; n < out.length; n += 1) if (!jumpAllowed?.[n]) out[n] = Math.min(out[n]!, out[n - 1]! + step);
  for (let n = out.length - 2; n >= 0; n -= 1) out[n] = Math.min(out[n]!, out[n + 1]! + step);
  return out;
}

// ---------------------------------------------------------------------------------------------------------------
// From phonemes

/**
 * The articulation of each of `frames` video frames at `fps` from eSpeak's phoneme events (ms from the start of the
 * audio). `loudness` (0..1 per frame, from `loudnessPerFrame`) gates the opening, so the mouth never opens over
 * silence; `language` decides eSpeak's few language-specific symbols (Russian `y` is ы).
 *
 * Guarantees: on every `bilabialFrames` frame press is 1 (opening 0); every m, b and p has at least one such frame;
 * frames in a pause of PAUSE_MS or more (by the phonemes, or silent in `loudness`) and after the last phoneme are REST;
 * `mouthOpening` changes by at most MAX_OPENING_STEP between frames except into a `plosiveReleaseFrames` frame; `jaw`
 * by at most MAX_OPENING_STEP; round, spread and tuck by at most MAX_LIP_SHAPE_STEP.
 */
export function articulationFromPhonemes(
  phonemes: PhonemeEvent[],
  frames: number,
  fps: number,
  loudness?: number[],
  language?: ContentLanguage,
): Articulation[] {
  const segments = segmentsOf(phonemes, language);
  const { bilabial, plosiveRelease } = lipEventsOf(segments, frames, fps);

  let from = 0;
  const raw = Array.from({ length: frames }, (_, n) => {
    const ms = momentOf(n, fps);
    while (from < segments.length - 1 && segments[from]!.end < ms - REACH_MS) from += 1;
    return blendAt(segments, ms, from);
  });

  // Rest: long pauses, before the speech if it starts late, after the last phoneme, long silences in the audio.
  const still = loudness ? longSilences(loudness, fps) : new Array<boolean>(frames).fill(false);
  const frameMs = 1000 / fps;
  for (const segment of segments) {
    if (segment.cls !== 'rest') continue;
    const start = Math.max(0, segment.start);
    if (segment.end - start < PAUSE_MS && segment.end !== Infinity) continue;
    for (let n = 0; n < frames; n += 1) {
      const moment = momentOf(n, fps);
      const inside = (moment >= start && moment < segment.end) || (n * frameMs >= start && (n + 1) * frameMs <= segment.end);
      if (inside) still[n] = true;
    }
  }
  for (let n = 0; n < frames; n += 1) if (still[n]) raw[n] = { ...REST };
  for (let n = 0; n < frames; n += 1) if (bilabial[n]) raw[n]!.press = 1;

  const gate = loudness ? loudnessGate(loudness, fps) : new Array<number>(frames).fill(1);
  const emphasis = loudness ? emphasisOf(loudness, fps) : gate;
  return settle(
    raw,
    gate.map((value, n) => value * emphasis[n]!),
    plosiveRelease,
  );
}

/**
 * Applies the gate and the step limits: the jaw is gated and limited first (it moves smoothly even at a release);
 * the opening is limited with the release exceptions, and whatever the jaw cannot take back the lips do, by pressing.
 */
function settle(raw: Articulation[], gate: number[], plosiveRelease: boolean[]): Articulation[] {
  const jaw = limitSteps(
    raw.map((a, n) => clamp01(a.jaw) * (gate[n] ?? 0)),
    MAX_OPENING_STEP,
  );
  const press = raw.map((a) => clamp01(a.press));
  const opening = limitSteps(
    jaw.map((value, n) => value * (1 - press[n]!)),
    MAX_OPENING_STEP,
    plosiveRelease,
  );
  const shape = (channel: 'round' | 'spread' | 'tuck') =>
    limitSteps(
      raw.map((a) => clamp01(a[channel])),
      MAX_LIP_SHAPE_STEP,
    );
  const round = shape('round');
  const spread = shape('spread');
  const tuck = shape('tuck');
  return raw.map((_, n) => ({
    jaw: jaw[n]!,
    round: round[n]!,
    spread: spread[n]!,
    press: jaw[n]! > 0 ? clamp01(Math.max(press[n]!, 1 - opening[n]! / jaw[n]!)) : press[n]!,
    tuck: tuck[n]!,
  }));
}

// ---------------------------------------------------------------------------------------------------------------
// From loudness (and the spectrum) alone

/** The jaw's gain on loudness: a loud vowel (loudness near 1) opens it almost fully. */
const JAW_PER_LOUDNESS = 1.1;
/** The envelope follower's time constants: the jaw drops with a syllable's onset and closes more slowly. */
const JAW_ATTACK_MS = 20;
const JAW_RELEASE_MS = 70;

/**
 * The articulation of each frame of uploaded audio, from its loudness per frame (`loudnessPerFrame`) and, when given,
 * the samples it was measured on (mono, [-1, 1]) for the lip shape.
 *
 * `jaw` follows the loudness envelope (fast attack, slower release), is shut through any silence of PAUSE_MS or more
 * and gated like the phoneme path; `press` and `tuck` stay 0 (nothing in the loudness says m or f). With `pcm` (and
 * its `sampleRate`), `spread` comes from where the voice's energy lies (see `spreadFromSpectrum`); `round` stays 0.
 * The same step limits hold as for phonemes, with no release exceptions.
 */
export function articulationFromLoudness(loudness: number[], fps: number, pcm?: Float32Array, sampleRate?: number): Articulation[] {
  const frameMs = 1000 / fps;
  const attack = 1 - Math.exp(-frameMs / JAW_ATTACK_MS);
  const release = 1 - Math.exp(-frameMs / JAW_RELEASE_MS);
  const still = longSilences(loudness, fps);
  let jaw = 0;
  const followed = loudness.map((value, n) => {
    const target = still[n] ? 0 : Math.min(1, Math.max(0, value) * JAW_PER_LOUDNESS);
    jaw += (target - jaw) * (target > jaw ? attack : release);
    return still[n] ? 0 : jaw;
  });
  const spread = pcm && sampleRate ? spreadFromSpectrum(pcm, sampleRate, fps, loudness) : undefined;
  const raw = followed.map((value, n) => ({ ...REST, jaw: value, spread: still[n] ? 0 : (spread?.[n] ?? 0) }));
  return settle(raw, loudnessGate(loudness, fps), []);
}

/** Band centres (Hz) for the spreading cue: F2 of back vowels against F2/F3 of front vowels. */
const BACK_BAND_HZ = 900;
const FRONT_BAND_HZ = 2600;
/** Each band's quality factor: about an octave wide, so voices a fifth apart (men, women) fall in the same bands. */
const BAND_Q = 1.5;
/**
 * Frontness (front band minus back band, dB) measured on eSpeak's voices (one male, two female) over voiced frames:
 * i-like frames (the phoneme path's spread > 0.6) have medians of +1.3 to +5.8 dB, every other frame -6 to -8 dB,
 * with upper quartiles near -2 dB. So spreading starts at -4 dB and is full at +3 dB.
 */
const SPREAD_FROM_DB = -4;
const SPREAD_SPAN_DB = 7;
/** Band energy below this (dB of full scale²) is no sound at all, whatever the loudness says. */
const DIGITAL_SILENCE_DB = -90;
/** Below this loudness a frame's spectrum is mostly consonant noise or room: its cue fades out (fully from 0.1). */
const VOICED_LOUDNESS = 0.35;

/** A band-pass biquad (RBJ cookbook, 0 dB peak) over the whole signal. */
function bandPass(samples: Float32Array, sampleRate: number, centreHz: number, q: number): Float32Array {
  const w = (2 * Math.PI * centreHz) / sampleRate;
  const alpha = Math.sin(w) / (2 * q);
  const a0 = 1 + alpha;
  const [b0, b2, a1, a2] = [alpha / a0, -alpha / a0, (-2 * Math.cos(w)) / a0, (1 - alpha) / a0];
  const out = new Float32Array(samples.length);
  let [x1, x2, y1, y2] = [0, 0, 0, 0];
  for (let i = 0; i < samples.length; i += 1) {
    const x = samples[i]!;
    const y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2;
    [x2, x1, y2, y1] = [x1, x, y1, y];
    out[i] = y;
  }
  return out;
}

/** Each frame's energy in a filtered signal, in dB. */
function decibelsPerFrame(filtered: Float32Array, sampleRate: number, fps: number, frames: number): number[] {
  const perFrame = sampleRate / fps;
  return Array.from({ length: frames }, (_, n) => {
    const start = Math.floor(n * perFrame);
    const end = Math.min(filtered.length, Math.floor((n + 1) * perFrame));
    let sum = 0;
    for (let i = start; i < end; i += 1) sum += filtered[i]! ** 2;
    return 10 * Math.log10(sum / Math.max(1, end - start) + 1e-12);
  });
}

/**
 * Lip spreading per frame from the spectrum: front vowels (i, e) put their energy high (F2 near 2–2.5 kHz), others
 * lower. Against the phoneme path on eSpeak's voices (voiced frames of ten English sentences) this gives r ≈ 0.6–0.75.
 * Rounding has no such cue: American u is fronted, and o/u frames overlap the unrounded ones (median frontness -7.5
 * against -6.5 dB, r ≤ 0.4 for the best band mix tried), so `round` is left at 0 without phonemes.
 */
function spreadFromSpectrum(pcm: Float32Array, sampleRate: number, fps: number, loudness: number[]): number[] {
  const frames = loudness.length;
  const band = (hz: number) => decibelsPerFrame(bandPass(pcm, sampleRate, hz, BAND_Q), sampleRate, fps, frames);
  const [back, front] = [band(BACK_BAND_HZ), band(FRONT_BAND_HZ)];
  const spread = front.map((value, n) => {
    const voiced = clamp01(((loudness[n] ?? 0) - 0.1) / (VOICED_LOUDNESS - 0.1));
    if (Math.max(value, back[n]!) < DIGITAL_SILENCE_DB) return 0;
    return voiced * clamp01((value - back[n]! - SPREAD_FROM_DB) / SPREAD_SPAN_DB);
  });
  return spread.map((value, n) => 0.25 * (spread[n - 1] ?? value) + 0.5 * value + 0.25 * (spread[n + 1] ?? value));
}
