// From eSpeak's phonemes to the lips and jaw over time: each phoneme becomes one or more segments with a viseme class
// and a target articulation (phones.ts); the targets are blended over time with dominance functions (Cohen & Massaro
// 1993: a segment's influence is strongest over its own stretch and decays before it, the look-ahead, and after it,
// the carry-over), so lips and jaw move through the sounds rather than snapping to them. Also which frames close the
// lips for an m, b or p and which release a b or p, for articulation.ts's constraints.
import type { ContentLanguage } from '@kagami/shared/validation';
import type { PhonemeEvent } from '../speech/synthesizer';
import { REST, type Articulation } from '../face-shapes';
import { CLASS_TARGETS, isVowel, phonesOf, targetOf, VOWEL_CLASSES, type VisemeClass } from './phones';

/** The mouth moves slightly before the sound it makes. */
export const LEAD_MS = 30;

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
export function segmentsOf(phonemes: PhonemeEvent[], language?: ContentLanguage): Segment[] {
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
export const REACH_MS = 5 * Math.max(...Object.values(ATTACK_MS), ...Object.values(RELEASE_MS));

/** Cohen–Massaro: every segment pulls each channel to its target with its dominance at `ms`; the weighted mean wins. */
export function blendAt(segments: Segment[], ms: number, from: number): Articulation {
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
export const momentOf = (frame: number, fps: number) => (frame * 1000) / fps + LEAD_MS;

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

export function lipEventsOf(segments: Segment[], frames: number, fps: number): LipEvents {
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
