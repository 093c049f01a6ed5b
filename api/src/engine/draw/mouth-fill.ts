// The colours of a target frame's lip gap: what is needed to colour it (the target's inner lips, the source's, the
// light, the texture) prepared once per frame, then each point's inner mouth (the person's texture at true size, or
// the synthetic one) and the source's own pixel there, with how much of the inner mouth shows.
import { mouthFrame, type Contour, type MouthFrame } from './deform';
import * as innerMouth from './inner-mouth';
import { innerLips, mouthLight, type InnerMouth, type MouthLight } from './inner-mouth';
import * as syntheticMouth from './synthetic-mouth';
import type { Mesh } from '../face-shapes';
import * as yuv from './yuv';
import type { YuvFrame } from './yuv';
import * as numbers from '../numbers';

// Module-local, as every lookup of a global (Math) inside a vm context (jest's) is slow; the helpers bound once, as a
// transpiled module's exports are getters, otherwise called on every use (per pixel here).
const { floor, max, min } = Math;
const { mix, smoothstep } = numbers;
const { samplePlane } = yuv;
const { chromaAt } = innerMouth;
const { synthetic } = syntheticMouth;

/**
 * Everything needed to colour the pixels of one target frame's lip gap, in the SOURCE frame's mouth coordinates
 * (the gap's pixels are found in the head's unmoved frame, where the target mesh lives): the target's inner lips as
 * functions along the mouth, the source's lip line (where the upper teeth hang from), the light, and the texture (or
 * null for the synthetic interior).
 */
export type MouthFill = {
  frame: MouthFrame;
  upper: Contour;
  lower: Contour;
  sourceUpper: Contour;
  sourceLower: Contour;
  /** The middle of the source's inner corners along the mouth (pixels from the frame's origin). */
  middle: number;
  light: MouthLight;
  texture: InnerMouth | null;
  /** The texture's dark (textureDark), when there is a texture. */
  dark: [number, number, number] | null;
  /**
   * How much the inside is shaded by lips pushed forward: rounded lips stand out from the teeth and shade the whole
   * inside. From how much narrower the target's inner corners are than the source's (ROUND_SHADE at a third
   * narrower).
   */
  shade: number;
  /** The source frame, when what it shows between its lips is kept (mouthFill's `keepOwn`). */
  own: YuvFrame | null;
};

/**
 * Prepares the colouring of a target frame's lip gap. With `keepOwn` (the default) whatever the source frame shows
 * between its own inner lips stays attached to the lips it was next to (the dark line of closed lips, the visible
 * teeth of a parted mouth), and the inner mouth fills only what the lips opened beyond that; so a mouth barely moved
 * from the source looks like the source, with no pop when it starts to open. Without it the whole gap is the inner
 * mouth (for comparing interiors).
 */
export function mouthFill(source: YuvFrame, sourceMesh: Mesh, targetMesh: Mesh, texture: InnerMouth | null, keepOwn = true): MouthFill {
  const frame = mouthFrame(sourceMesh);
  const before = innerLips(sourceMesh, frame, true);
  const after = innerLips(targetMesh, frame, true);
  return {
    frame,
    upper: after.upper,
    lower: after.lower,
    sourceUpper: before.upper,
    sourceLower: before.lower,
    middle: (before.s0 + before.s1) / 2,
    light: mouthLight(source, sourceMesh),
    texture,
    dark: texture ? textureDark(texture) : null,
    shade: 1 - ROUND_SHADE * smoothstep((1 - (after.s1 - after.s0) / max(1, before.s1 - before.s0)) / 0.33),
    own: keepOwn ? source : null,
  };
}

/** The source's own gap pixels hand over to the inner mouth over this many pixels beyond where they end. */
const OWN_BLEND = 1.5;

/** How much darker the inside of a fully rounded mouth is (the lips, pushed out, shade it). */
const ROUND_SHADE = 0.4;

/**
 * The darkest part of a texture (the dark inside the mouth): the mean of the darkest quarter of its middle half's
 * texels, y (relative), u, v.
 */
function textureDark(texture: InnerMouth): [number, number, number] {
  const picks: number[] = [];
  for (let j = 0; j < texture.height; j += 1) {
    for (let i = texture.width >> 2; i < texture.width - (texture.width >> 2); i += 1) picks.push(j * texture.width + i);
  }
  picks.sort((a, b) => texture.y[a]! - texture.y[b]!);
  const darkest = picks.slice(0, max(1, picks.length >> 2));
  const mean = (plane: Uint8Array) => darkest.reduce((sum, k) => sum + plane[k]!, 0) / darkest.length;
  return [mean(texture.y), mean(texture.u), mean(texture.v)];
}

/**
 * The colour at a point of the gap from the person's texture, at true size, lit like this frame. Down the gap the
 * texture's upper half hangs from the upper lip and its lower half sits on the lower lip, both at the size they were
 * taken at: a narrower gap leaves the middle out, a wider one opens the dark between them (the texture's own dark,
 * reached smoothly from its middle row, so nothing is stretched into streaks).
 */
function textured(fill: MouthFill, texture: InnerMouth, s: number, t: number, top: number, bottom: number, out: Float64Array) {
  const width = fill.frame.mouthWidth;
  // Across: fixed to the face at the texture's own scale (teeth keep their size when the lips round or spread).
  let across = (s / width - texture.centre) / texture.span + 0.5;
  across = across < 0 ? 0 : across > 1 ? 1 : across;
  const column = across * texture.width;
  const at = min(texture.width - 1, max(0, column - 0.5));
  const c0 = floor(at);
  const c1 = min(texture.width - 1, c0 + 1);
  const gapPx = max(1, (texture.gap[c0]! + (texture.gap[c1]! - texture.gap[c0]!) * (at - c0)) * width);
  const fromTop = t - top;
  const fromBottom = bottom - t;
  const upper = fromTop <= fromBottom;
  // The upper teeth are fixed to the face: that half hangs from the source's upper lip (a lifted lip shows more of
  // them); the lower half rides on the lower lip, with the jaw.
  const fromTeeth = max(0, t - fill.sourceUpper.at(s));
  const into = (upper ? fromTeeth : fromBottom) - gapPx / 2;
  const row = upper ? min(0.5, fromTeeth / gapPx) : 1 - min(0.5, fromBottom / gapPx);
  const ty = row * texture.height;
  let y = samplePlane(texture.y, texture.width, texture.height, column, ty);
  let u = samplePlane(texture.u, texture.width, texture.height, column, ty);
  let v = samplePlane(texture.v, texture.width, texture.height, column, ty);
  if (into > 0) {
    const f = smoothstep(into / max(2, 0.06 * width));
    const dark = fill.dark!;
    y = mix(y, dark[0], f);
    u = mix(u, dark[1], f);
    v = mix(v, dark[2], f);
  }
  out[0] = (y * fill.light.skin) / 128;
  out[1] = u;
  out[2] = v;
}

/**
 * The two layers of the gap at point (`x`, `y`) of the target frame (luma pixel coordinates, in the head's unmoved
 * frame) into `out` (7 numbers): the inner mouth's y, u, v; the source's own y, u, v there; and how much of the
 * inner mouth shows (0..1; 1 wherever the source had nothing between its lips). 0..255, not rounded. The warp blurs
 * the inner mouth layer a little before putting the two together; fillColour puts them together as they are.
 */
export function gapLayers(fill: MouthFill, x: number, y: number, out: Float64Array) {
  const f = fill.frame;
  const dx = x - f.ox;
  const dy = y - f.oy;
  const s = dx * f.ex.x + dy * f.ex.y;
  const t = dx * f.ey.x + dy * f.ey.y;
  const top = fill.upper.at(s);
  const bottom = max(top, fill.lower.at(s));
  // How far into the gap from the nearer lip, and how far that is beyond what the source showed next to that lip.
  const fromTop = t - top;
  const fromBottom = bottom - t;
  const upper = fromTop <= fromBottom;
  const depth = upper ? fromTop : fromBottom;
  const sourceTop = fill.sourceUpper.at(s);
  const sourceHalf = max(0, fill.sourceLower.at(s) - sourceTop) / 2;
  const beyond = fill.own ? depth - sourceHalf : Infinity;
  if (fill.texture) textured(fill, fill.texture, s, t, top, bottom, out);
  else synthetic(fill, s, t, top, bottom, out);
  out[0] = out[0]! * fill.shade;
  out[6] = smoothstep(beyond / OWN_BLEND);
  if (!upper) {
    // A lower lip that rose (tucked under the upper teeth) hides its own inner edge behind them.
    const rise = sourceTop + 2 * sourceHalf - bottom;
    out[6] = max(out[6]!, smoothstep(rise / max(1, sourceHalf)));
  }
  if (fill.own && out[6] < 1) {
    // The source's own pixel at the same distance from the same lip (at most its gap's middle).
    const ts = upper ? sourceTop + min(depth, sourceHalf) : sourceTop + 2 * sourceHalf - min(depth, sourceHalf);
    const px = f.ox + s * f.ex.x + ts * f.ey.x;
    const py = f.oy + s * f.ex.y + ts * f.ey.y;
    const frame = fill.own;
    out[3] = samplePlane(frame.y, frame.width, frame.height, px, py);
    out[4] = chromaAt(frame.u, frame, px, py);
    out[5] = chromaAt(frame.v, frame, px, py);
  } else {
    out[3] = out[0]!;
    out[4] = out[1]!;
    out[5] = out[2]!;
  }
}

const layers = new Float64Array(7);

/** The gap's colour at point (`x`, `y`) (see gapLayers): y, u, v into `out`. */
export function fillColour(fill: MouthFill, x: number, y: number, out: Float64Array) {
  gapLayers(fill, x, y, layers);
  const k = layers[6]!;
  out[0] = mix(layers[3]!, layers[0]!, k);
  out[1] = mix(layers[4]!, layers[1]!, k);
  out[2] = mix(layers[5]!, layers[2]!, k);
}
