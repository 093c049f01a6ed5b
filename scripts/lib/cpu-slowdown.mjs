/**
 * The CPU slowdown that makes this host Lighthouse's mid-tier phone, from its benchmark index. The mobile preset's 4x
 * assumes a host of index about 1,533: a faster host emulates a faster phone, a slower one a slower phone.
 * Lighthouse's throttling docs ask to calibrate the multiplier by the index; this is their calculator's formula
 * (patrickhulce/lighthouse-cpu-throttling-calculator), capped at the docs' 10x.
 */
export function calibratedSlowdown(benchmarkIndex) {
  if (benchmarkIndex >= 1300) return Math.min(10, 3 + (benchmarkIndex - 1300) / 233);
  if (benchmarkIndex >= 800) return 2 + (benchmarkIndex - 800) / 500;
  return Math.max(1, 1 + (benchmarkIndex - 150) / 650);
}
