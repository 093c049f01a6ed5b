// The free plans' "Kagami" mark in the frame's top-right corner: its size and place, shared by the drawing (compose.ts)
// and the text layout, which keeps titles clear of it.
import type { Size } from './layout';

/** The mark's font size and its distance from the top and right edges, in pixels. */
export function watermarkPlace(frame: Size) {
  const inset = Math.round(Math.min(frame.width, frame.height) / 24);
  return { size: Math.round(Math.min(frame.height / 16, frame.width / 8)), inset };
}

/** How far down the frame the mark reaches (its glyphs, with the "g"'s tail, stand within about its font size). */
export function watermarkBottom(frame: Size) {
  const place = watermarkPlace(frame);
  return place.inset + place.size;
}
