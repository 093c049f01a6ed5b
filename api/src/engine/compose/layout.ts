// Where the presenter goes in the frame: a pure calculation from the frame, the avatar's picture, its face and the
// placement, in whole (even) pixels for ffmpeg.
import type { PlacementPosition } from '@kagami/shared/validation';

export type Size = { width: number; height: number };
export type Box = { x: number; y: number; width: number; height: number };

/** The avatar's picture scaled to `width` x `height` with its top left corner at (x, y) of the frame (either may be off the frame). */
export type Scaled = { kind: 'scaled'; width: number; height: number; x: number; y: number };
/** A square of the avatar's picture (`crop`, in its pixels) shown as a circle of `diameter` at (x, y). */
export type Circle = { kind: 'circle'; crop: Box; diameter: number; x: number; y: number };
export type Layout = Scaled | Circle;

/** Beside the content, the face is centred at this share of the frame's width from its side. */
const SIDE_FACE_X = 0.27;
/** When the picture is taller than the frame, its face sits this far down the frame. */
const FACE_Y = 0.38;
/** The circle's diameter at scale 1, and its margin from the frame's edges, as shares of the frame's shorter side. */
const CIRCLE_DIAMETER = 0.5;
const CIRCLE_MARGIN = 0.04;
/** The circle shows this many face heights around the face. */
const CIRCLE_FACES = 2.4;

const even = (value: number) => Math.round(value / 2) * 2;
const clamp = (value: number, low: number, high: number) => Math.min(Math.max(value, low), high);

/**
 * `full`: the picture covers the frame at scale 1 (cropped around the face), smaller and standing on the frame's
 * bottom below that; `left`/`right`: the picture as high as `scale` of the frame's shorter side, standing on the
 * bottom, its face centred in that side's part of the frame; `corner`: a circle around the face at the bottom right.
 * `face`: the face's box in the picture's pixels (its middle when unknown).
 */
export function layoutOf(frame: Size, picture: Size, face: Box | null, placement: { position: PlacementPosition; scale: number }): Layout {
  const faceBox = face ?? { x: picture.width * 0.4, y: picture.height * 0.25, width: picture.width * 0.2, height: picture.height * 0.25 };
  const faceX = faceBox.x + faceBox.width / 2;
  const faceY = faceBox.y + faceBox.height / 2;
  const { position, scale } = placement;
  if (position === 'corner') {
    const diameter = even(Math.min(frame.width, frame.height) * CIRCLE_DIAMETER * scale);
    const margin = even(Math.min(frame.width, frame.height) * CIRCLE_MARGIN);
    const side = even(Math.min(faceBox.height * CIRCLE_FACES, picture.width, picture.height));
    const crop = {
      x: even(clamp(faceX - side / 2, 0, picture.width - side)),
      y: even(clamp(faceY + faceBox.height * 0.15 - side / 2, 0, picture.height - side)),
      width: side,
      height: side,
    };
    return { kind: 'circle', crop, diameter, x: frame.width - diameter - margin, y: frame.height - diameter - margin };
  }
  const factor =
    position === 'full'
      ? Math.max(frame.width / picture.width, frame.height / picture.height) * scale
      : (Math.min(frame.width, frame.height) / picture.height) * scale;
  const width = even(picture.width * factor);
  const height = even(picture.height * factor);
  const centreX = position === 'full' ? 0.5 : position === 'left' ? SIDE_FACE_X : 1 - SIDE_FACE_X;
  let x = frame.width * centreX - faceX * factor;
  // A picture as wide as the frame or wider leaves no gap at either side.
  if (width >= frame.width) x = clamp(x, frame.width - width, 0);
  else if (position === 'full') x = clamp(x, 0, frame.width - width);
  const y = height > frame.height ? clamp(frame.height * FACE_Y - faceY * factor, frame.height - height, 0) : frame.height - height;
  return { kind: 'scaled', width, height, x: even(x), y: even(y) };
}

/** Whether a layout's picture fills the whole frame (so nothing behind it shows). */
export const coversFrame = (layout: Layout, frame: Size) =>
  layout.kind === 'scaled' &&
  layout.x <= 0 &&
  layout.y <= 0 &&
  layout.x + layout.width >= frame.width &&
  layout.y + layout.height >= frame.height;

/** The face's box over a clip: the median of each edge over its frames' meshes (x, y pairs), steady against a blink or a nod. */
export function faceBoxOf(meshes: readonly ArrayLike<number>[]): Box | null {
  if (!meshes.length) return null;
  const edges = meshes.map((mesh) => {
    let [left, top, right, bottom] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i < mesh.length; i += 2) {
      left = Math.min(left, mesh[i]!);
      right = Math.max(right, mesh[i]!);
      top = Math.min(top, mesh[i + 1]!);
      bottom = Math.max(bottom, mesh[i + 1]!);
    }
    return [left, top, right, bottom] as const;
  });
  const median = (k: number) => edges.map((edge) => edge[k]!).sort((a, b) => a - b)[edges.length >> 1]!;
  const [left, top, right, bottom] = [median(0), median(1), median(2), median(3)];
  return { x: left, y: top, width: right - left, height: bottom - top };
}
