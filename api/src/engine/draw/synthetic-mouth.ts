// The inner mouth drawn when the footage never shows the person's own: a dark inside, the tongue's hump, upper and
// lower teeth and the lips' wet rim, shaded from the light around the mouth, in the source's mouth coordinates.
import type { Contour, MouthFrame } from './deform';
import type { MouthLight } from './inner-mouth';
import * as numbers from '../numbers';

// Module-local, as every lookup of a global (Math) inside a vm context (jest's) is slow; the helpers bound once, as a
// transpiled module's exports are getters, otherwise called on every use (per pixel here).
const { abs, max, min, sqrt } = Math;
const { mix, smoothstep } = numbers;

/** What the synthetic inside needs of a lip gap's fill (mouth-fill.ts's MouthFill). */
type SyntheticFill = { frame: MouthFrame; light: MouthLight; middle: number; sourceUpper: Contour };

// The synthetic interior, in mouth widths (outer corners) unless said otherwise.
/**
 * Upper teeth reach this far below the source's upper inner lip at the middle (the central incisors' edges; at rest
 * about 2 mm of them is hidden behind a closed upper lip, and a talking mouth shows 2-4 mm of a ~50 mm wide mouth)...
 */
const TEETH_BELOW_LIP = 0.085;
/** ...and their edge rises by this much towards the sides of the arch (at TEETH_HALF_SPAN), as the teeth get shorter. */
const TEETH_ARCH_RISE = 0.05;
/** The upper teeth span this far either side of the middle (canine to canine, the premolars darker). */
const TEETH_HALF_SPAN = 0.43;
/** Where the upper teeth meet, from the middle out: central incisors, laterals, canines, premolars (foreshortened). */
const UPPER_TEETH = [0, 0.16, 0.26, 0.33, 0.385, 0.43];
/** Lower incisors are narrower; they show only when the gap exceeds LOWER_TEETH_FROM, up to LOWER_TEETH_HEIGHT tall. */
const LOWER_TEETH = [0, 0.075, 0.145, 0.21, 0.26];
const LOWER_TEETH_FROM = 0.24;
const LOWER_TEETH_HEIGHT = 0.045;
/** The tongue's visible hump at the bottom of the gap, at most this tall in the middle. */
const TONGUE_HEIGHT = 0.09;
/**
 * Brightness against the skin around the mouth, as measured in an open-mouthed sample photo (face-api's sample5,
 * its first face): the upper incisors 1.2-1.4 times the skin's luma, the dark inside 0.4-0.5 times, the tongue and
 * lower lip's inside 0.6-0.9 times.
 */
const TEETH_BRIGHTNESS = 1.3;
const THROAT_BRIGHTNESS = 0.4;
const TONGUE_BRIGHTNESS = 0.6;
/** The lips' wet inner edge: a rim this wide (pixels, at least) in the lips' colour, darker, blending into the inside. */
const RIM_PIXELS = 1.6;

/**
 * How a row of teeth shades across at `x` (mouth widths from the middle): each tooth rounded, dark lines between them
 * `separation` wide (mouth widths) that darken by `depth` at their middle.
 */
function toothShade(x: number, bounds: readonly number[], separation: number, depth: number) {
  const ax = abs(x);
  let k = 0;
  while (k < bounds.length - 2 && ax >= bounds[k + 1]!) k += 1;
  const a = bounds[k]!;
  const b = bounds[k + 1]!;
  const local = min(1, (ax - a) / (b - a));
  const rounded = 1 - 0.2 * (2 * local - 1) * (2 * local - 1);
  const fromEdge = min(ax - a, b - ax);
  // The gap between the two central incisors is at x = 0: its distance is ax itself.
  const gap = smoothstep(max(0, fromEdge) / separation);
  return { shade: rounded * (1 - depth + depth * gap), local };
}

/**
 * The colour (y, u, v into `out`) at a point of the gap: `s`, `t` in the source's mouth coordinates (pixels), `top`
 * and `bottom` the target's inner lips there. Synthetic.
 */
export function synthetic(fill: SyntheticFill, s: number, t: number, top: number, bottom: number, out: Float64Array) {
  const width = fill.frame.mouthWidth;
  const light = fill.light;
  const x = (s - fill.middle) / width;
  const gapPx = bottom - top;
  const gap = gapPx / width;
  const fromTop = t - top;
  const fromBottom = bottom - t;
  const depth = min(1, min(fromTop, fromBottom) / max(1, gapPx / 2));
  const corner = smoothstep((abs(x) - 0.12) / 0.3);

  // The dark inside, reddish like the lips, darkest in the middle and towards the corners.
  let y = light.skin * THROAT_BRIGHTNESS * (1 - 0.35 * depth) * (1 - 0.35 * corner);
  let u = 128 + (light.lipU - 128) * 0.4;
  let v = 128 + (light.lipV - 128) * 0.45;

  // The tongue's hump low in the mouth, lit from the front, in the lips' colour.
  const tongueHalf = 0.3;
  if (gap > 0.08 && abs(x) < tongueHalf) {
    const hump = TONGUE_HEIGHT * width * smoothstep((gap - 0.08) / 0.15) * sqrt(1 - (x / tongueHalf) * (x / tongueHalf));
    if (fromBottom < hump) {
      // Lit at its front (near the lower lip), falling into shade towards its back and the corners.
      const along = fromBottom / max(1e-3, hump);
      const tongue = light.skin * TONGUE_BRIGHTNESS * (1 - 0.45 * along) * (1 - 0.4 * corner) * (1 - 0.08 * smoothstep(1 - abs(x) / 0.03));
      const f = smoothstep((hump - fromBottom) / max(1.5, 0.03 * width));
      y = mix(y, tongue, f);
      u = mix(u, 128 + (light.lipU - 128) * 0.75, f);
      v = mix(v, 128 + (light.lipV - 128) * 0.8, f);
    }
  }

  const teethY = min(235, light.skin * TEETH_BRIGHTNESS);
  // Teeth are off-white (a little yellow) and take on much of the light's colour around them (the skin's chroma).
  const teethU = 128 + (light.skinU - 128) * 0.45 - 2;
  const teethV = 128 + (light.skinV - 128) * 0.35 + 1;
  // The dark line between two teeth: about 1 % of the mouth's width, at least most of a pixel (mouth widths).
  const separation = max(0.7, 0.011 * width) / width;

  // Lower incisors' tips above the lower lip when the mouth is wide.
  const lowerHeight = LOWER_TEETH_HEIGHT * width * smoothstep((gap - LOWER_TEETH_FROM) / 0.1);
  if (lowerHeight > 0.3 && abs(x) < LOWER_TEETH[LOWER_TEETH.length - 1]!) {
    const { shade, local } = toothShade(x, LOWER_TEETH, separation, 0.25);
    const tip = lowerHeight * (1 - 0.5 * (abs(x) / 0.26) ** 2) * (1 - 0.15 * (2 * local - 1) ** 4);
    if (fromBottom < tip) {
      const f = smoothstep((tip - fromBottom) / 1.2);
      const across = 1 - 0.55 * smoothstep((abs(x) - 0.06) / 0.2);
      y = mix(y, teethY * 0.62 * shade * across, f);
      u = mix(u, teethU, f);
      v = mix(v, teethV, f);
    }
  }

  // Upper teeth hang from the upper jaw: their edge is fixed to the face (below the source's upper inner lip), so a
  // lifted upper lip shows more of them and they stay the same size whatever the lips do.
  if (abs(x) < TEETH_HALF_SPAN) {
    const { shade, local } = toothShade(x, UPPER_TEETH, separation, 0.28);
    const edge =
      fill.sourceUpper.at(s) + width * (TEETH_BELOW_LIP - TEETH_ARCH_RISE * (abs(x) / TEETH_HALF_SPAN) ** 2 - 0.012 * (2 * local - 1) ** 4);
    if (t < edge + 0.5) {
      // The teeth further back along the arch are in the cheeks' shade (the dark corridors at the mouth's corners).
      const across = 1 - 0.72 * smoothstep((abs(x) - 0.14) / 0.26);
      // The edge is a little translucent; the lip shades the teeth just under it.
      const translucent = 1 - 0.15 * smoothstep(1 - (edge - t) / (0.025 * width));
      const underLip = 0.62 + 0.38 * smoothstep(fromTop / max(2, 0.05 * width));
      const f = smoothstep(edge + 0.5 - t);
      y = mix(y, teethY * shade * across * translucent * underLip, f);
      u = mix(u, teethU, f);
      v = mix(v, teethV, f);
    }
  }

  // The lips' inner edge: their colour, in shade, blending into the inside over a pixel or two; where the lips all but
  // meet, only their colour.
  const rim = max(RIM_PIXELS, 0.015 * width);
  const r = 1 - smoothstep(min(fromTop, fromBottom) / rim) * smoothstep((gapPx - 0.5) / 2);
  out[0] = mix(y, light.lipY * 0.7, r);
  out[1] = mix(u, light.lipU, r);
  out[2] = mix(v, light.lipV, r);
}
