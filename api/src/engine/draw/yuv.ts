// Raw yuv420p frames as the render pipeline moves them (ffmpeg's rawvideo: a full-size luma plane, then two chroma
// planes at half width and half height), and bilinear sampling from their planes.

import { clampByte } from '../numbers';

// Module-local, as every lookup of a global (Math) inside a vm context (jest's) is slow.
const { floor } = Math;

/** `a`: the person's opacity at full size (yuva420p), when the frame carries the avatar's matte. */
export type YuvFrame = { width: number; height: number; y: Uint8Array; u: Uint8Array; v: Uint8Array; a?: Uint8Array };

/** Bytes of one raw frame: yuv420p, or yuva420p with its alpha plane after the chroma. */
export const frameBytesOf = (width: number, height: number, alpha: boolean) => (width * height * (alpha ? 5 : 3)) / 2;

/** Views of one raw yuv420p (or, when `buffer` is long enough, yuva420p) frame's planes in `buffer` (even width and height). */
export function yuvFrameOf(buffer: Uint8Array, width: number, height: number): YuvFrame {
  const luma = width * height;
  return {
    width,
    height,
    y: buffer.subarray(0, luma),
    u: buffer.subarray(luma, luma + luma / 4),
    v: buffer.subarray(luma + luma / 4, luma + luma / 2),
    ...(buffer.length >= frameBytesOf(width, height, true) ? { a: buffer.subarray(luma + luma / 2, luma * 2.5) } : {}),
  };
}

/** A new frame with copies of `frame`'s planes. */
export const copyFrame = (frame: YuvFrame): YuvFrame => ({
  ...frame,
  y: frame.y.slice(),
  u: frame.u.slice(),
  v: frame.v.slice(),
  ...(frame.a ? { a: frame.a.slice() } : {}),
});

/**
 * A plane's value at (`x`, `y`) in its own pixel coordinates (pixel i's centre at i + 0.5), bilinear, clamped at the
 * edges.
 */
export function samplePlane(plane: Uint8Array, stride: number, rows: number, x: number, y: number): number {
  let fx = x - 0.5;
  let fy = y - 0.5;
  if (fx < 0) fx = 0;
  else if (fx > stride - 1.0001) fx = stride - 1.0001;
  if (fy < 0) fy = 0;
  else if (fy > rows - 1.0001) fy = rows - 1.0001;
  const x0 = floor(fx);
  const y0 = floor(fy);
  const ax = fx - x0;
  const ay = fy - y0;
  const i = y0 * stride + x0;
  const a = plane[i]!;
  const b = plane[i + 1]!;
  const c = plane[i + stride]!;
  const d = plane[i + stride + 1]!;
  const top = a + (b - a) * ax;
  return top + (c + (d - c) * ax - top) * ay;
}

/** The frame as packed RGB (BT.601, limited range: what ffmpeg's yuv420p holds by default), for the face detector. */
export function rgbOf(frame: YuvFrame): Uint8Array {
  const { width, height } = frame;
  const rgb = new Uint8Array(width * height * 3);
  const half = width >> 1;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const luma = 1.164 * (frame.y[y * width + x]! - 16);
      const k = (y >> 1) * half + (x >> 1);
      const u = frame.u[k]! - 128;
      const v = frame.v[k]! - 128;
      const at = 3 * (y * width + x);
      rgb[at] = clampByte(luma + 1.596 * v);
      rgb[at + 1] = clampByte(luma - 0.392 * u - 0.813 * v);
      rgb[at + 2] = clampByte(luma + 2.017 * u);
    }
  }
  return rgb;
}
