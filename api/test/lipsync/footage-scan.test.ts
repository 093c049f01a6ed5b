import { longestStretch, MIN_STRETCH_SECONDS, type Sample, type Verdict } from '../../src/engine/footage/footage-scan';

const STEP = 0.2;
const still = { cx: 320, cy: 400, width: 80, angle: 0 };
/** Samples from runs of [verdict, seconds], the face still unless `moving`. */
function samples(...runs: [Verdict, number, { moving?: boolean }?][]): Sample[] {
  const out: Sample[] = [];
  for (const [verdict, seconds, options] of runs) {
    for (let i = 0; i < Math.round(seconds / STEP); i += 1) {
      const x = options?.moving ? still.cx + (out.length % 2) * 40 : still.cx;
      out.push({ seconds: out.length * STEP, verdict, pose: verdict === 'no_face' ? null : { ...still, cx: x } });
    }
  }
  return out;
}

test('the longest usable, steady stretch wins, wherever it is', () => {
  const found = longestStretch(samples(['lips_open', 20], ['ok', 5], ['lips_open', 3], ['ok', 8], ['head_turned', 2]), STEP);
  expect(found).toEqual({ start: expect.closeTo(28, 5), seconds: expect.closeTo(8, 5) });
});

test(`a stretch shorter than ${MIN_STRETCH_SECONDS} s is not enough: the most common problem is the reason`, () => {
  expect(longestStretch(samples(['ok', 3], ['multiple_faces', 20], ['lips_open', 10]), STEP)).toEqual({ reason: 'multiple_faces' });
  expect(longestStretch(samples(['lips_open', 20], ['ok', 3.8], ['no_face', 5]), STEP)).toEqual({ reason: 'lips_never_closed' });
  expect(longestStretch(samples(['face_too_small', 30]), STEP)).toEqual({ reason: 'face_too_small' });
  expect(longestStretch(samples(['no_face', 30]), STEP)).toEqual({ reason: 'no_face_detected' });
});

test('a face that never holds still is refused as not steady, though every frame alone is usable', () => {
  expect(longestStretch(samples(['ok', 30, { moving: true }]), STEP)).toEqual({ reason: 'face_not_steady' });
  // Moving, then still long enough.
  expect(longestStretch(samples(['ok', 10, { moving: true }], ['ok', 5]), STEP)).toMatchObject({ seconds: expect.closeTo(5, 5) });
});
