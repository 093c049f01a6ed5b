// The face room's shared shapes: a dense face mesh, what the speech asks of the mouth and jaw in each frame,
// and the idle life (blinks, head motion) laid over it.

/**
 * A face mesh: @vladmandic/human's 468 FaceMesh points plus 2x5 iris points, as x,y pairs in the pixels of the
 * frame it was found in (index i at [2i], [2i+1]). See topology.ts for which index is what.
 */
export type Mesh = Float32Array;

/** A face found in an image: its box (pixels), the detector's confidence, its mesh and its head angles (radians). */
export type FoundFace = {
  box: { x: number; y: number; width: number; height: number };
  score: number;
  mesh: Mesh;
  rotation: { roll: number; yaw: number; pitch: number };
};

/**
 * What the speech asks of the lower face in one frame, each 0..1:
 * - `jaw`: how far the jaw is dropped (the mouth's opening comes from it);
 * - `round`: lips rounded and pushed forward, corners in (o, u, w);
 * - `spread`: corners drawn out and slightly up (i, e);
 * - `press`: lips pressed together (m, b, p), which closes the mouth whatever `jaw` says;
 * - `tuck`: the lower lip raised under the upper teeth (f, v).
 */
export type Articulation = { jaw: number; round: number; spread: number; press: number; tuck: number };

export const REST: Articulation = { jaw: 0, round: 0, spread: 0, press: 0, tuck: 0 };

/**
 * The head's motion in one frame relative to the source frame, in units of the face's width (x right, y down) and
 * radians (roll, clockwise): small nods and a slow sway. Applied around the neck, fading out beyond the head.
 */
export type HeadMotion = { dx: number; dy: number; roll: number };

export const STILL: HeadMotion = { dx: 0, dy: 0, roll: 0 };

/** Everything one output frame needs beyond its source frame and mesh: 0 open .. 1 closed for `blink`. */
export type FramePlan = { articulation: Articulation; blink: number; head: HeadMotion };
