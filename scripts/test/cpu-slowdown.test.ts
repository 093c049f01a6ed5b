import { calibratedSlowdown } from '../lib/cpu-slowdown.mjs';

test("the mobile preset's 4x is the slowdown of a host of benchmark index 1,533", () => {
  expect(calibratedSlowdown(1533)).toBeCloseTo(4, 1);
});

test('a slower host is slowed down less and a faster one more, to emulate the same phone', () => {
  expect(calibratedSlowdown(1300)).toBeCloseTo(3);
  expect(calibratedSlowdown(800)).toBeCloseTo(2);
  expect(calibratedSlowdown(2000)).toBeCloseTo(6, 1);
});

test('the slowdown stays within the 1x to 10x that Lighthouse documents', () => {
  expect(calibratedSlowdown(100)).toBe(1);
  expect(calibratedSlowdown(6000)).toBe(10);
});
