// What the speech asks of the lips and jaw in each video frame (see `Articulation` in face-shapes.ts).
//
// From eSpeak's phonemes (synthesized speech): the phones' targets blended over time (coarticulation.ts), then hard
// constraints: m, b and p close the lips completely on at least one frame, a pause of PAUSE_MS or more is at rest, the
// mouth never opens over silence, and the opening changes by at most MAX_OPENING_STEP a frame except at a b or p
// release.
//
// From loudness alone (uploaded audio): the jaw follows the envelope; lip spreading comes from where the voice's energy
// lies in the spectrum (a high second formant: i, e; spread-from-spectrum.ts), when the samples are given. Rounding has
// no reliable cue there.
import type { ContentLanguage } from '@kagami/shared/validation';
import type { PhonemeEvent } from '../speech/synthesizer';
import { REST, type Articulation } from '../face-shapes';
import { clamp01 } from '../numbers';
import { blendAt, lipEventsOf, momentOf, REACH_MS, segmentsOf } from './coarticulation';
import { spreadFromSpectrum } from './spread-from-spectrum';

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
