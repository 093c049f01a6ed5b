// Where in an avatar's footage the avatar can be made from: the longest stretch in which exactly one
// face looks at the camera, holds still and keeps its lips closed (the warp opens the mouth itself).
// When there is none, the reason the user can act on.
import { followFace, letterboxedFrames, unletterbox, type Point } from './face-detector';
import { CLOSED_LIPS, lipGapOf, MAX_YAW, mouthPoseOf, yawOf, type MouthPose } from './face-geometry';

/** The shortest stretch a loop is made from. */
export const MIN_STRETCH_SECONDS = 4;
/** The mouth at least this wide in a 720p picture of the footage, or the face is too small to animate. */
const MIN_MOUTH_WIDTH = 24;
const MOUTH_WIDTH_HEIGHT = 720;
/** Between two samples a steady face moves less than this share of its mouth's width, and changes size by less. */
const STEADY_SHIFT = 0.25;
const STEADY_SCALE = 0.15;
/** Samples 5 times a second (fewer in long footage) and detects faces every 10th sample. */
const SAMPLE_SECONDS = 0.2;
const MAX_SAMPLES = 900;
const DETECT_EVERY = 10;

export type Verdict = 'ok' | 'no_face' | 'multiple_faces' | 'face_too_small' | 'head_turned' | 'lips_open';

/** The reason shown to the user when most of the footage has this problem (`not_steady`: no problem but motion). */
const SCAN_REASONS: Record<Exclude<Verdict, 'ok'> | 'not_steady', string> = {
  no_face: 'no_face_detected',
  multiple_faces: 'multiple_faces',
  face_too_small: 'face_too_small',
  head_turned: 'head_turned',
  lips_open: 'lips_never_closed',
  not_steady: 'face_not_steady',
};

/** One sampled frame: `points` in the footage's pixels. */
function verdictOf(faces: number, points: Point[] | null, footageHeight: number): Verdict {
  if (faces === 0 || !points) return 'no_face';
  if (faces > 1) return 'multiple_faces';
  if (mouthPoseOf(points).width * (MOUTH_WIDTH_HEIGHT / footageHeight) < MIN_MOUTH_WIDTH) return 'face_too_small';
  if (Math.abs(yawOf(points)) > MAX_YAW) return 'head_turned';
  if (lipGapOf(points) > CLOSED_LIPS) return 'lips_open';
  return 'ok';
}

const steady = (a: MouthPose, b: MouthPose) =>
  Math.hypot(b.cx - a.cx, b.cy - a.cy) <= STEADY_SHIFT * a.width && Math.abs(b.width / a.width - 1) <= STEADY_SCALE;

/** A sampled moment: what it shows, where the mouth is, and how far the lips are apart (a share of the mouth's width). */
export type Sample = { seconds: number; verdict: Verdict; pose: MouthPose | null; gap?: number };

/** The most the footage's open-mouthed moments offered to the inner mouth (inner-mouth.ts averages a few of them). */
const OPEN_MOUTH_MOMENTS = 6;

/** When the one frontal face shows its mouth open widest: where the inside of the person's mouth can be seen. */
const openMouthMoments = (samples: Sample[]) =>
  samples
    .filter((sample) => sample.verdict === 'lips_open')
    .sort((a, b) => (b.gap ?? 0) - (a.gap ?? 0))
    .slice(0, OPEN_MOUTH_MOMENTS)
    .map((sample) => sample.seconds);

/** The longest run of usable, steady samples lasting MIN_STRETCH_SECONDS, or the reason there is none. */
export function longestStretch(samples: Sample[], step: number): { start: number; seconds: number } | { reason: string } {
  let best: { start: number; seconds: number } | null = null;
  let runStart = -1;
  samples.forEach((sample, index) => {
    const previous = samples[index - 1];
    const continues = runStart >= 0 && sample.verdict === 'ok' && steady(previous!.pose!, sample.pose!);
    if (!continues) runStart = sample.verdict === 'ok' ? index : -1;
    if (runStart < 0) return;
    const seconds = sample.seconds - samples[runStart]!.seconds + step;
    if (!best || seconds > best.seconds) best = { start: samples[runStart]!.seconds, seconds };
  });
  const found = best as { start: number; seconds: number } | null;
  if (found && found.seconds >= MIN_STRETCH_SECONDS) return found;
  const counts = new Map<Verdict, number>();
  for (const { verdict } of samples) if (verdict !== 'ok') counts.set(verdict, (counts.get(verdict) ?? 0) + 1);
  const worst = [...counts].sort((a, b) => b[1] - a[1])[0];
  return { reason: SCAN_REASONS[worst ? (worst[0] as Exclude<Verdict, 'ok'>) : 'not_steady'] };
}

/**
 * Samples the footage (`width` x `height`, `duration` seconds) and finds its best stretch, and the moments it shows
 * the mouth open; `onProgress` hears the share of the samples judged so far.
 */
export async function scanFootage(
  source: string,
  size: { width: number; height: number; duration: number },
  onProgress?: (fraction: number) => void,
) {
  const step = Math.max(SAMPLE_SECONDS, size.duration / MAX_SAMPLES);
  const expected = Math.max(1, Math.ceil(size.duration / step));
  const toSource = unletterbox(size.width, size.height);
  const { frames, done } = letterboxedFrames(source, `fps=${(1 / step).toFixed(4)}`);
  const samples: Sample[] = [];
  for await (const { faces, points } of followFace(frames, DETECT_EVERY)) {
    const mapped = points?.map(toSource) ?? null;
    const verdict = verdictOf(faces, mapped, size.height);
    samples.push({
      seconds: samples.length * step,
      verdict,
      pose: mapped ? mouthPoseOf(mapped) : null,
      gap: mapped ? lipGapOf(mapped) : undefined,
    });
    onProgress?.(Math.min(1, samples.length / expected));
  }
  await done;
  const stretch = longestStretch(samples, step);
  return 'reason' in stretch ? stretch : { ...stretch, openMouth: openMouthMoments(samples) };
}
