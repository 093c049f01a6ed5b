// Idle life laid over a face: blinks, a slow sway of the head, small nods with the speech's stresses, and breathing
// for a photo's idle loop. Everything is deterministic from a seed, so a render (and a test) can be repeated exactly.
import type { PhonemeEvent } from '../speech/synthesizer';
import type { HeadMotion } from '../face-shapes';
import { smoothstep } from '../numbers';

export type Seed = number | string;

/** A seeded source of uniform numbers in [0, 1) (mulberry32 over an FNV-1a hash of the seed). */
export function randomSource(seed: Seed): () => number {
  let state = 0x811c9dc5;
  for (const char of String(seed)) state = Math.imul(state ^ char.charCodeAt(0), 0x01000193);
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const between = (random: () => number, low: number, high: number) => low + (high - low) * random();

// ---------------------------------------------------------------------------------------------------------------
// Blinks

/**
 * Spontaneous blinking: about 15 a minute at rest (adults: 10–20), never two within 1.5 s (a refractory minimum), the
 * gaps in between irregular (gamma-distributed, shape 3: irregular, yet rarely a 10 s stare). A blink closes fast
 * (50–85 ms), may stay shut a moment (up to 30 ms), and opens more slowly (100–170 ms): 150–285 ms in all.
 */
const BLINK_TIMING = {
  refractoryMs: 1500,
  meanGapMs: 4000,
  gapShape: 3,
  closeMs: [50, 85],
  holdMs: [0, 30],
  openMs: [100, 170],
  /** No blink starts in the first half second (a video should not open on closed eyes). */
  firstStartMs: 500,
} as const;

/** One blink: the moment the lids are fully shut (ms, on a frame), how long they took to close, stay shut and open. */
type Blink = { shutAtMs: number; closeMs: number; holdMs: number; openMs: number };

/** A gamma(shape k, mean `mean`) draw for integer k: a sum of k exponentials. */
function gamma(random: () => number, shape: number, mean: number): number {
  let sum = 0;
  for (let i = 0; i < shape; i += 1) sum -= Math.log(1 - random());
  return (sum * mean) / shape;
}

function drawBlink(random: () => number, shutAtMs: number): Blink {
  return {
    shutAtMs,
    closeMs: between(random, ...BLINK_TIMING.closeMs),
    holdMs: between(random, ...BLINK_TIMING.holdMs),
    openMs: between(random, ...BLINK_TIMING.openMs),
  };
}

/** Snaps a moment to the nearest frame at or after it, so the shut lids are on a frame and never fall between two. */
const onFrame = (ms: number, fps: number) => (Math.ceil((ms * fps) / 1000 - 1e-9) * 1000) / fps;

/** The blinks of a `durationMs` stretch: their times and shapes. */
export function blinkTimes(durationMs: number, fps: number, seed: Seed): Blink[] {
  const random = randomSource(`blinks:${seed}`);
  const found: Blink[] = [];
  const gap = () => BLINK_TIMING.refractoryMs + gamma(random, BLINK_TIMING.gapShape, BLINK_TIMING.meanGapMs - BLINK_TIMING.refractoryMs);
  // The first blink comes somewhere in an ordinary gap after the first half second.
  let shutAt = BLINK_TIMING.firstStartMs + BLINK_TIMING.closeMs[1] + random() * (BLINK_TIMING.meanGapMs - BLINK_TIMING.refractoryMs);
  while (true) {
    const blink = drawBlink(random, onFrame(shutAt, fps));
    if (blink.shutAtMs + blink.holdMs + blink.openMs > durationMs) break;
    found.push(blink);
    shutAt = blink.shutAtMs + gap();
  }
  return found;
}

/** How shut the lids are at `ms`: 0 open .. 1 shut. */
function lidsAt(blink: Blink, ms: number): number {
  const opened = blink.shutAtMs + blink.holdMs;
  if (ms <= blink.shutAtMs) return smoothstep(1 - (blink.shutAtMs - ms) / blink.closeMs);
  if (ms <= opened) return 1;
  // Opening: quick at first, then easing into the open eye.
  const u = (ms - opened) / blink.openMs;
  return u >= 1 ? 0 : (1 - u) ** 2;
}

/** Per frame, 0 open .. 1 closed, for the given blinks. */
function blinkCurve(blinkList: Blink[], frames: number, fps: number): number[] {
  const curve = new Array<number>(frames).fill(0);
  for (const blink of blinkList) {
    const first = Math.max(0, Math.floor(((blink.shutAtMs - blink.closeMs) * fps) / 1000));
    const last = Math.min(frames - 1, Math.ceil(((blink.shutAtMs + blink.holdMs + blink.openMs) * fps) / 1000));
    for (let n = first; n <= last; n += 1) curve[n] = Math.max(curve[n]!, lidsAt(blink, (n * 1000) / fps));
  }
  return curve;
}

/** Per frame, 0 open .. 1 closed: natural blinking over `frames` frames, reproducible from `seed`. */
export function blinks(frames: number, fps: number, seed: Seed): number[] {
  return blinkCurve(blinkTimes((frames * 1000) / fps, fps, seed), frames, fps);
}

// ---------------------------------------------------------------------------------------------------------------
// Head motion

/** The most the head moves from its place, in face widths (the "at most about 2 % of the face width"). */
export const MAX_HEAD_SHIFT = 0.02;
/** The most the head rolls, radians (1.5°). */
export const MAX_HEAD_ROLL = (1.5 * Math.PI) / 180;
/**
 * The most the head's motion accelerates, in face widths (and radians) per second²: no jerks. The largest part is a
 * nod (a Gaussian bump of 130 ms σ and 0.008 face widths: 0.47 per s² at its top, the sway adds under 0.1); at 25 fps
 * this allows 0.0013 face widths per frame².
 */
export const MAX_HEAD_ACCELERATION = 0.8;

/**
 * Slow sway, in face widths and radians: each axis the sum of three sines with periods of a few seconds whose
 * amplitudes add up to these, so the sway never quite repeats (standard deviation about 0.4 of these: 1 px on a face
 * 300 px wide). With the nods: at most 0.0105 sideways, 0.014 down (0.0175 in all, under MAX_HEAD_SHIFT) and
 * 0.014 rad (0.8°) of roll.
 */
const SWAY = { dx: 0.009, dy: 0.006, roll: 0.012, periodsS: [2.5, 8] as [number, number] };
/** Speech makes the sway larger: while speaking it is at full size, after a long silence at this fraction. */
const SWAY_WHEN_SILENT = 0.6;
/** How slowly the sway follows the speaking (Gaussian σ over the loudness): over a second or so. */
const ACTIVITY_SMOOTHING_S = 0.8;
/**
 * A nod: the head dips (down, +dy) and comes back, peaking shortly after the stressed syllable starts, with a trace of
 * roll. Not every stress gets one: nods are at least NOD_SPACING_MS apart, the louder stress winning.
 */
const NOD = { dy: 0.008, dx: 0.0015, roll: 0.002, sigmaMs: 130, delayMs: 100 };
const NOD_SPACING_MS = 500;

/** The times (ms) of eSpeak's stressed syllables: phonemes marked with primary stress ˈ. */
export function stressedSyllables(phonemes: PhonemeEvent[]): number[] {
  return phonemes.filter((event) => event.id.includes('ˈ')).map((event) => event.ms);
}

/** A zero-phase Gaussian smoothing of a per-frame signal (σ in frames). */
function gaussianSmooth(values: number[], sigma: number): number[] {
  const reach = Math.ceil(3 * sigma);
  const kernel = Array.from({ length: 2 * reach + 1 }, (_, i) => Math.exp(-(((i - reach) / sigma) ** 2) / 2));
  return values.map((_, n) => {
    let sum = 0;
    let weight = 0;
    kernel.forEach((k, i) => {
      const value = values[n + i - reach];
      if (value === undefined) return;
      sum += k * value;
      weight += k;
    });
    return weight ? sum / weight : 0;
  });
}

/**
 * Loudness peaks that stand out, as stand-ins for stressed syllables when there are no phonemes: local maxima of the
 * lightly smoothed loudness above half of the loud end, having risen by at least 0.25 from the trough before them.
 */
export function loudnessPeaks(loudness: number[], fps: number): number[] {
  const smooth = gaussianSmooth(loudness, Math.max(0.5, 0.05 * fps));
  const peaks: number[] = [];
  const lookBack = Math.round(0.3 * fps);
  for (let n = 1; n < smooth.length - 1; n += 1) {
    const value = smooth[n]!;
    if (value < 0.5 || value < smooth[n - 1]! || value <= smooth[n + 1]!) continue;
    const trough = Math.min(...smooth.slice(Math.max(0, n - lookBack), n));
    if (value - trough >= 0.25) peaks.push((n * 1000) / fps);
  }
  return peaks;
}

type Sine = { amplitude: number; radiansPerS: number; phase: number };

/** Three sines of random periods within `periodsS` whose amplitudes add up to `total`. */
function swaySines(random: () => number, total: number, periodsS: [number, number]): Sine[] {
  const weights = [random() + 0.5, random() + 0.5, random() + 0.5];
  const sum = weights.reduce((a, b) => a + b, 0);
  return weights.map((weight) => ({
    amplitude: (total * weight) / sum,
    radiansPerS: (2 * Math.PI) / between(random, ...periodsS),
    phase: random() * 2 * Math.PI,
  }));
}

const sineAt = (sines: Sine[], seconds: number) =>
  sines.reduce((sum, s) => sum + s.amplitude * Math.sin(s.radiansPerS * seconds + s.phase), 0);

/** Keeps a motion inside the bounds (never reached by construction; a guard against future tuning). */
function bounded(motion: HeadMotion): HeadMotion {
  const shift = Math.hypot(motion.dx, motion.dy);
  const scale = shift > MAX_HEAD_SHIFT ? MAX_HEAD_SHIFT / shift : 1;
  return {
    dx: motion.dx * scale,
    dy: motion.dy * scale,
    roll: Math.min(MAX_HEAD_ROLL, Math.max(-MAX_HEAD_ROLL, motion.roll)),
  };
}

type HeadMotionOptions = {
  /** 0..1 per frame (`loudnessPerFrame`): how much the person is speaking, and where the nods go without stresses. */
  loudness: number[];
  /** The stressed syllables' times, ms (`stressedSyllables`); without them nods follow the loudness peaks. */
  stresses?: number[];
  seed: Seed;
};

/**
 * The head's motion per frame while speaking: a slow, irregular sway (always — a person listening or pausing keeps
 * moving a little — but at SWAY_WHEN_SILENT of its size when the speech has been silent for a while), plus small nods
 * on stressed syllables. Within MAX_HEAD_SHIFT and MAX_HEAD_ROLL, accelerating at most MAX_HEAD_ACCELERATION.
 */
export function headMotion(frames: number, fps: number, options: HeadMotionOptions): HeadMotion[] {
  const random = randomSource(`head:${options.seed}`);
  const sway = {
    dx: swaySines(random, SWAY.dx, SWAY.periodsS),
    dy: swaySines(random, SWAY.dy, SWAY.periodsS),
    roll: swaySines(random, SWAY.roll, SWAY.periodsS),
  };
  const activity = gaussianSmooth(
    Array.from({ length: frames }, (_, n) => ((options.loudness[n] ?? 0) > 0 ? 1 : 0)),
    ACTIVITY_SMOOTHING_S * fps,
  );
  const nods = chooseNods(options.stresses ?? loudnessPeaks(options.loudness, fps), options.loudness, fps).map((ms) => ({
    ms: ms + NOD.delayMs,
    size: between(random, 0.6, 1),
    side: random() < 0.5 ? -1 : 1,
  }));
  return Array.from({ length: frames }, (_, n) => {
    const seconds = n / fps;
    const ms = seconds * 1000;
    const swaySize = SWAY_WHEN_SILENT + (1 - SWAY_WHEN_SILENT) * activity[n]!;
    let nodDy = 0;
    let nodDx = 0;
    let nodRoll = 0;
    for (const nod of nods) {
      const bump = nod.size * Math.exp(-(((ms - nod.ms) / NOD.sigmaMs) ** 2) / 2);
      nodDy += NOD.dy * bump;
      nodDx += NOD.dx * nod.side * bump;
      nodRoll += NOD.roll * nod.side * bump;
    }
    return bounded({
      dx: swaySize * sineAt(sway.dx, seconds) + nodDx,
      dy: swaySize * sineAt(sway.dy, seconds) + nodDy,
      roll: swaySize * sineAt(sway.roll, seconds) + nodRoll,
    });
  });
}

/** Stresses at least NOD_SPACING_MS apart, the louder of two close ones kept. */
function chooseNods(stresses: number[], loudness: number[], fps: number): number[] {
  const loudAt = (ms: number) => loudness[Math.round((ms * fps) / 1000)] ?? 0;
  const chosen: number[] = [];
  for (const ms of [...stresses].sort((a, b) => a - b)) {
    const previous = chosen.at(-1);
    if (previous === undefined || ms - previous >= NOD_SPACING_MS) chosen.push(ms);
    else if (loudAt(ms) > loudAt(previous)) chosen[chosen.length - 1] = ms;
  }
  return chosen;
}

// ---------------------------------------------------------------------------------------------------------------
// A photo's idle loop

/** Breathing at rest: about 15 breaths a minute, the head rising and settling by 0.3 % of the face's width. */
const BREATH = { dy: 0.003, periodS: 4 };
/** The loop's sway: smaller than while speaking (a person waiting), each axis two sines that fit the loop exactly. */
const IDLE_SWAY = { dx: 0.007, dy: 0.003, roll: 0.008 };
/** Blinks per minute in a loop, drawn per loop: 8–10 s loops get 2 or 3. */
const IDLE_BLINKS_PER_MINUTE: [number, number] = [12, 20];

/**
 * An idle loop of `frames` frames: blinks and head motion (breathing, sway) that repeat exactly, so the loop plays from
 * its last frame into its first with no jump, in position or in velocity. Every motion is a sine with a whole number
 * of cycles over the loop, and every blink lies wholly inside it, at least the refractory 1.5 s from the next one
 * around the loop.
 */
export function idleLoop(frames: number, fps: number, seed: Seed): { blink: number[]; head: HeadMotion[] } {
  const random = randomSource(`idle:${seed}`);
  const loopS = frames / fps;
  const cycles = (periodS: number) => Math.max(1, Math.round(loopS / periodS));
  const fitted = (amplitude: number, periodsS: number[]): Sine[] =>
    periodsS.map((periodS, i) => ({
      amplitude: amplitude * (i === 0 ? 0.65 : 0.35),
      radiansPerS: (2 * Math.PI * cycles(periodS)) / loopS,
      phase: random() * 2 * Math.PI,
    }));
  const long = between(random, 6, 10);
  const short = between(random, 2.5, 4);
  const sway = {
    dx: fitted(IDLE_SWAY.dx, [long, short]),
    dy: [
      ...fitted(IDLE_SWAY.dy, [long, short]),
      { amplitude: BREATH.dy, radiansPerS: (2 * Math.PI * cycles(BREATH.periodS)) / loopS, phase: random() * 2 * Math.PI },
    ],
    roll: fitted(IDLE_SWAY.roll, [between(random, 6, 10), between(random, 2.5, 4)]),
  };
  const head = Array.from({ length: frames }, (_, n) =>
    bounded({ dx: sineAt(sway.dx, n / fps), dy: sineAt(sway.dy, n / fps), roll: sineAt(sway.roll, n / fps) }),
  );
  return { blink: blinkCurve(loopBlinks(loopS * 1000, fps, random), frames, fps), head };
}

/** Blinks placed one per equal slot of the loop, each at least half the refractory gap inside its slot's edges. */
function loopBlinks(loopMs: number, fps: number, random: () => number): Blink[] {
  const margin = BLINK_TIMING.refractoryMs / 2;
  const longest = BLINK_TIMING.closeMs[1] + BLINK_TIMING.holdMs[1] + BLINK_TIMING.openMs[1];
  const fits = Math.floor(loopMs / (2 * margin + longest));
  const wanted = Math.round((loopMs / 60_000) * between(random, ...IDLE_BLINKS_PER_MINUTE));
  const count = Math.min(fits, Math.max(1, wanted));
  const slot = loopMs / count;
  return Array.from({ length: count }, (_, i) => {
    const earliest = i * slot + margin + BLINK_TIMING.closeMs[1];
    const latest = (i + 1) * slot - margin - BLINK_TIMING.holdMs[1] - BLINK_TIMING.openMs[1];
    const shutAt = Math.floor(((earliest + random() * Math.max(0, latest - earliest)) * fps) / 1000) * (1000 / fps);
    return drawBlink(random, Math.max(shutAt, onFrame(earliest, fps)));
  });
}
