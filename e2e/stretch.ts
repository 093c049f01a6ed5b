/**
 * A wait for the product's long work (an avatar processed, a video rendered) stretched by TEST_TIMEOUT_SCALE, as the
 * jest suites' timeouts are (shared/jest/scale-timeouts.cjs): CI's two-core hosts vary about twofold in speed. A wait
 * is a guard against a hang, never a measure of speed.
 */
const scale = Number(process.env.TEST_TIMEOUT_SCALE ?? 1);

export const stretched = (ms: number) => (scale > 0 ? Math.round(ms * scale) : ms);
