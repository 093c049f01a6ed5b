// The face room's small numeric helpers, one definition each.

// Module-local, as every lookup of a global (Math) inside a vm context (jest's) is slow.
const { round } = Math;

/** 0 below 0, 1 above 1, and Hermite's smooth S between (no kink at either end). */
export const smoothstep = (x: number) => (x <= 0 ? 0 : x >= 1 ? 1 : x * x * (3 - 2 * x));

export const clamp01 = (x: number) => (x <= 0 ? 0 : x >= 1 ? 1 : x);

/** A value rounded into a byte's range, for pixels. */
export const clampByte = (value: number) => (value <= 0 ? 0 : value >= 255 ? 255 : round(value));

/** From `a` (f = 0) to `b` (f = 1). */
export const mix = (a: number, b: number, f: number) => a + (b - a) * f;
