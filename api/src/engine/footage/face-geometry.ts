// What the 68 face landmarks say about the mouth and the head: where the mouth is (for the warp),
// whether the lips are closed, and how far the head is turned.
import type { Point } from './face-detector';

/** Where the mouth is in a frame: its centre, corner-to-corner width and roll, in pixels and radians. */
export type MouthPose = { cx: number; cy: number; width: number; angle: number };

const distance = (a: Point, b: Point) => Math.hypot(a.x - b.x, a.y - b.y);
const mean = (points: Point[]): Point => ({
  x: points.reduce((sum, p) => sum + p.x, 0) / points.length,
  y: points.reduce((sum, p) => sum + p.y, 0) / points.length,
});

/** The mouth from its corners (48, 54) and the line where the lips meet (inner lips 60-67). */
export function mouthPoseOf(points: Point[]): MouthPose {
  const left = points[48]!;
  const right = points[54]!;
  const meet = mean(points.slice(60, 68));
  return { cx: meet.x, cy: meet.y, width: distance(left, right), angle: Math.atan2(right.y - left.y, right.x - left.x) };
}

/** The gap between the inner lips (62-66, 61-67, 63-65), as a share of the mouth's width: near 0 when closed. */
export function lipGapOf(points: Point[]): number {
  const gap = (distance(points[61]!, points[67]!) + distance(points[62]!, points[66]!) + distance(points[63]!, points[65]!)) / 3;
  return gap / distance(points[48]!, points[54]!);
}

/** How far the head is turned: 0 facing the camera, towards ±1 in profile (nose tip against the jaw's sides). */
export function yawOf(points: Point[]): number {
  const nose = points[30]!;
  const left = distance(nose, points[2]!);
  const right = distance(nose, points[14]!);
  return (right - left) / (right + left);
}

/**
 * A closed mouth, as the warp needs its source: the lips touch within this share of the mouth's width
 * (closed lips read 0.01-0.07 on face-api's photos, parted ones 0.13 and up).
 */
export const CLOSED_LIPS = 0.1;
/**
 * Beyond this the head is turned too far for the warp. This measure reads about 0.3 on faces the eye
 * sees as frontal (the jaw points sit unevenly) and 0.45 and more on half-turned ones.
 */
export const MAX_YAW = 0.4;
