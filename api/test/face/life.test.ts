import {
  blinks,
  blinkTimes,
  headMotion,
  idleLoop,
  loudnessPeaks,
  MAX_HEAD_ACCELERATION,
  MAX_HEAD_ROLL,
  MAX_HEAD_SHIFT,
  randomSource,
  stressedSyllables,
} from '../../src/engine/motion/life';
import type { HeadMotion } from '../../src/engine/face-shapes';

const FPS = 25;
const FRAME_MS = 1000 / FPS;
const MINUTE = 60 * FPS;
const SEEDS = [1, 2, 3, 4, 5, 'avatar-7f3a', 'another photo'];
const EPSILON = 1e-12;
/** Blinks come at least this far apart (the eyelids' refractory period). */
const REFRACTORY_MS = 1500;

/** Each blink in a per-frame curve: its frames from the first non-zero one to the last. */
function blinkRuns(curve: number[]) {
  const runs: { first: number; shut: number; last: number }[] = [];
  for (let n = 0; n < curve.length; n += 1) {
    if (curve[n]! <= 0) continue;
    const first = n;
    while (n + 1 < curve.length && curve[n + 1]! > 0) n += 1;
    const shut = curve.slice(first, n + 1).indexOf(Math.max(...curve.slice(first, n + 1))) + first;
    runs.push({ first, shut, last: n });
  }
  return runs;
}

const channels = (head: HeadMotion[]) => ({ dx: head.map((h) => h.dx), dy: head.map((h) => h.dy), roll: head.map((h) => h.roll) });
const maxSecondDifference = (values: number[]) =>
  Math.max(...values.slice(2).map((value, i) => Math.abs(value - 2 * values[i + 1]! + values[i]!)));
const std = (values: number[]) => {
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  return Math.sqrt(values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length);
};

describe('blinks', () => {
  test.each(SEEDS)('10-20 a minute at irregular intervals, each 100-300 ms, fast to close and slower to open (seed %s)', (seed) => {
    const events = blinkTimes(60_000, FPS, seed);
    expect(events.length).toBeGreaterThanOrEqual(10);
    expect(events.length).toBeLessThanOrEqual(20);
    for (const blink of events) {
      const duration = blink.closeMs + blink.holdMs + blink.openMs;
      expect(duration).toBeGreaterThanOrEqual(100);
      expect(duration).toBeLessThanOrEqual(300);
      expect(blink.closeMs).toBeLessThan(blink.openMs);
    }
    const gaps = events.slice(1).map((blink, i) => blink.shutAtMs - events[i]!.shutAtMs);
    expect(Math.min(...gaps)).toBeGreaterThanOrEqual(REFRACTORY_MS);
    // Irregular: the gaps vary by a fair fraction of their mean (a metronome would be 0).
    expect(std(gaps) / (gaps.reduce((a, b) => a + b, 0) / gaps.length)).toBeGreaterThan(0.2);

    const curve = blinks(MINUTE, FPS, seed);
    expect(curve).toHaveLength(MINUTE);
    expect(curve.every((value) => value >= 0 && value <= 1)).toBe(true);
    const runs = blinkRuns(curve);
    expect(runs).toHaveLength(events.length);
    for (const run of runs) {
      // The lids are fully shut on a frame, the blink spans at most 300 ms of frames, and closing is the quicker half.
      expect(curve[run.shut]).toBe(1);
      expect((run.last - run.first + 1) * FRAME_MS).toBeLessThanOrEqual(320);
      expect(run.shut - run.first).toBeLessThanOrEqual(run.last - run.shut);
    }
    // None in the first half second.
    expect(curve.slice(0, 500 / FRAME_MS).every((value) => value === 0)).toBe(true);
  });

  test('the same seed gives the same blinks; another seed other ones', () => {
    expect(blinks(MINUTE, FPS, 42)).toEqual(blinks(MINUTE, FPS, 42));
    expect(blinks(MINUTE, FPS, 42)).not.toEqual(blinks(MINUTE, FPS, 43));
    const a = randomSource('x');
    const b = randomSource('x');
    expect([a(), a(), a()]).toEqual([b(), b(), b()]);
  });
});

describe('head motion', () => {
  /** 60 s of speech in 3 s phrases with 1 s pauses, a 10 s silence in the middle, stresses every 350 ms of speech. */
  const speech = () => {
    const loudness = Array.from({ length: MINUTE }, (_, n) => {
      const seconds = n / FPS;
      if (seconds >= 25 && seconds < 35) return 0;
      return seconds % 4 < 3 ? 0.5 + 0.5 * Math.abs(Math.sin(n / 2.3)) : 0;
    });
    const stresses = Array.from({ length: 200 }, (_, i) => 300 + i * 350).filter((ms) => loudness[Math.round(ms / FRAME_MS)]! > 0);
    return { loudness, stresses };
  };

  test.each(SEEDS)('stays within 2 %% of the face width and 1.5° of roll, and moves without jerks (seed %s)', (seed) => {
    const { loudness, stresses } = speech();
    for (const head of [headMotion(MINUTE, FPS, { loudness, stresses, seed }), headMotion(MINUTE, FPS, { loudness, seed })]) {
      expect(head).toHaveLength(MINUTE);
      for (const h of head) {
        expect(Math.hypot(h.dx, h.dy)).toBeLessThanOrEqual(MAX_HEAD_SHIFT);
        expect(Math.abs(h.roll)).toBeLessThanOrEqual(MAX_HEAD_ROLL);
      }
      const { dx, dy, roll } = channels(head);
      const limit = MAX_HEAD_ACCELERATION / FPS ** 2 + EPSILON;
      expect(maxSecondDifference(dx)).toBeLessThanOrEqual(limit);
      expect(maxSecondDifference(dy)).toBeLessThanOrEqual(limit);
      expect(maxSecondDifference(roll)).toBeLessThanOrEqual(limit);
      // It does move: visibly (0.5 px on a 300 px face is 0.0017 face widths) but little.
      expect(std(dx) + std(dy)).toBeGreaterThan(0.002);
    }
  });

  test('nods down on stressed syllables', () => {
    const { loudness, stresses } = speech();
    const head = headMotion(MINUTE, FPS, { loudness, stresses, seed: 9 });
    const still = headMotion(MINUTE, FPS, { loudness, stresses: [], seed: 9 });
    // The same sway with and without nods; the difference is the nods, downwards, peaking just after the stresses.
    const nod = head.map((h, n) => h.dy - still[n]!.dy);
    expect(Math.min(...nod)).toBeGreaterThanOrEqual(-EPSILON);
    const atStresses = stresses.map((ms) => nod[Math.round((ms + 100) / FRAME_MS)]!);
    expect(Math.max(...atStresses)).toBeGreaterThan(0.005);
    // Not on every stress: nods are at least half a second apart.
    expect(atStresses.filter((value) => value > 0.003).length).toBeLessThan(stresses.length * 0.75);
    // And none in the silence.
    expect(Math.max(...nod.slice(26 * FPS, 34 * FPS))).toBeLessThan(1e-4);
  });

  test('without phonemes, the loudness peaks nod the head', () => {
    const { loudness } = speech();
    const peaks = loudnessPeaks(loudness, FPS);
    // At least one a phrase (there are 13).
    expect(peaks.length).toBeGreaterThanOrEqual(13);
    expect(peaks.every((ms) => loudness[Math.round(ms / FRAME_MS)]! > 0.4)).toBe(true);
    const head = headMotion(MINUTE, FPS, { loudness, seed: 2 });
    const still = headMotion(MINUTE, FPS, { loudness, stresses: [], seed: 2 });
    expect(Math.max(...head.map((h, n) => h.dy - still[n]!.dy))).toBeGreaterThan(0.004);
  });

  test('keeps swaying, smaller, through a long silence', () => {
    const { loudness } = speech();
    const head = headMotion(MINUTE, FPS, { loudness, stresses: [], seed: 4 });
    const silent = channels(head.slice(28 * FPS, 35 * FPS));
    const speaking = channels(head.slice(0, 24 * FPS));
    expect(std(silent.dx) + std(silent.dy)).toBeGreaterThan(0.0005);
    const range = (values: number[]) => Math.max(...values) - Math.min(...values);
    expect(range(silent.dx) + range(silent.dy)).toBeLessThan(range(speaking.dx) + range(speaking.dy));
  });

  test("stressed syllables are eSpeak's phonemes marked ˈ", () => {
    const events = [
      { id: 'h', ms: 12 },
      { id: 'ə', ms: 66 },
      { id: 'ˈoʊ', ms: 231 },
      { id: 'ˌaɪ', ms: 400 },
      { id: 'ˈʌ', ms: 865 },
    ];
    expect(stressedSyllables(events)).toEqual([231, 865]);
  });
});

describe("a photo's idle loop", () => {
  test.each([
    [200, 1],
    [225, 2],
    [250, 3],
    [225, 'photo-a'],
    [240, 'photo-b'],
  ] as [number, number | string][])('%i frames (seed %s): periodic, 2-4 blinks, breathing, within bounds', (frames, seed) => {
    const { blink, head } = idleLoop(frames, FPS, seed);
    expect(blink).toHaveLength(frames);
    expect(head).toHaveLength(frames);

    const runs = blinkRuns(blink);
    expect(runs.length).toBeGreaterThanOrEqual(2);
    expect(runs.length).toBeLessThanOrEqual(4);
    for (const run of runs) expect(blink[run.shut]).toBe(1);
    // Around the loop, blinks are at least the refractory gap apart, and none straddles the seam.
    const shut = runs.map((run) => run.shut * FRAME_MS);
    const around = [...shut.slice(1).map((ms, i) => ms - shut[i]!), shut[0]! + frames * FRAME_MS - shut.at(-1)!];
    expect(Math.min(...around)).toBeGreaterThanOrEqual(REFRACTORY_MS);
    expect([blink[0], blink.at(-1)]).toEqual([0, 0]);

    const limit = MAX_HEAD_ACCELERATION / FPS ** 2 + EPSILON;
    for (const values of Object.values(channels(head))) {
      // The loop played twice is as smooth across the seam as anywhere else: no jump in position or velocity (the seam
      // is one more sample of the same smooth motion, so it may exceed the other frames' largest step by a hair).
      const twice = [...values, ...values];
      const steps = values.slice(1).map((value, i) => Math.abs(value - values[i]!));
      expect(Math.abs(values[0]! - values.at(-1)!)).toBeLessThanOrEqual(1.05 * Math.max(...steps) + EPSILON);
      expect(maxSecondDifference(twice)).toBeLessThanOrEqual(limit);
      const seam = twice.slice(frames - 2, frames + 2);
      expect(maxSecondDifference(seam)).toBeLessThanOrEqual(1.05 * maxSecondDifference(values) + EPSILON);
    }
    for (const h of head) {
      expect(Math.hypot(h.dx, h.dy)).toBeLessThanOrEqual(MAX_HEAD_SHIFT);
      expect(Math.abs(h.roll)).toBeLessThanOrEqual(MAX_HEAD_ROLL);
    }
    // Breathing: the vertical motion has a component near 4 s (15 breaths a minute) of about a quarter percent.
    const cycles = Math.round(frames / FPS / 4);
    const dy = channels(head).dy;
    const [sin, cos] = [Math.sin, Math.cos].map(
      (wave) => (2 / frames) * dy.reduce((sum, value, n) => sum + value * wave((2 * Math.PI * cycles * n) / frames), 0),
    );
    expect(Math.hypot(sin!, cos!)).toBeGreaterThan(0.002);
  });
});
