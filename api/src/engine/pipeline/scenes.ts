// A video of several scenes, planned once its speech is known: each scene's length in frames, how much of its head and
// tail a transition overlaps with its neighbours, and the parts any worker renders (a scene, or a part of a long one),
// each cut into pieces where a transition window begins or ends. Joined, only those windows are encoded again; the rest
// of the picture is copied as it is, and the whole sound is mixed with a crossfade at each transition.
import type { Transition } from '@kagami/shared/validation';
import { probeMedia } from '../../media/probe';
import type { Cue } from '../compose/captions';
import { clipAsPiece } from '../compose/brand-clip';
import { joinPieces, type JoinedPiece } from '../compose/scene-join';
import { makeThumbnail } from '../compose/thumbnail';
import { EngineFailure } from '../failure';
import { VIDEO_FPS } from '../video-format';

/** A scene's length in frames, and how many of its first (`head`) and last (`tail`) frames a transition shares. */
export type SceneSpan = { frames: number; head: number; tail: number; transition: Transition['type'] };

/** Frames `from` to `to` (exclusive) of scene `scene`, made by one part job. */
export type ScenePart = { scene: number; from: number; to: number };

/** Where each scene starts in the joined video, and how long it plays there (its transitions included), in seconds. */
export type SceneTimes = { start: number; duration: number }[];

/** How many frames a scene's sound fills (the last one partly). */
export async function sceneFramesOf(audio: string) {
  const duration = (await probeMedia(audio))?.durationSeconds;
  if (!duration) throw new EngineFailure('audio_unreadable');
  return Math.ceil(duration * VIDEO_FPS);
}

/** A transition lasts its seconds, but never more than half of either scene it joins; a cut shares no frame. */
export function sceneSpansOf(frames: number[], transitions: Transition[]): SceneSpan[] {
  const overlaps = frames.map((length, index) => {
    if (index === 0 || transitions[index]!.type === 'cut') return 0;
    return Math.min(Math.round(transitions[index]!.seconds * VIDEO_FPS), Math.floor(frames[index - 1]! / 2), Math.floor(length / 2));
  });
  return frames.map((length, index) => ({
    frames: length,
    head: overlaps[index]!,
    tail: overlaps[index + 1] ?? 0,
    transition: transitions[index]!.type,
  }));
}

export function sceneTimesOf(spans: SceneSpan[]): SceneTimes {
  let start = 0;
  return spans.map((span) => {
    start -= span.head;
    const time = { start: start / VIDEO_FPS, duration: span.frames / VIDEO_FPS };
    start += span.frames;
    return time;
  });
}

/**
 * The parts of every scene: whole, or cut at `cuts` (a long scene's, from 0 to its frame count); a cut that would fall
 * inside a transition window is dropped, so each window is one piece of one part.
 */
export function scenePartsOf(spans: SceneSpan[], cuts: (number[] | null)[]): ScenePart[] {
  return spans.flatMap((span, scene) => {
    const inner = (cuts[scene] ?? []).filter((at) => at > span.head && at < span.frames - span.tail);
    const bounds = [0, ...inner, span.frames];
    return bounds.slice(0, -1).map((from, index) => ({ scene, from, to: bounds[index + 1]! }));
  });
}

/** What a scene shows of its presenter: cut out over a background, in its own footage, in the corner's circle, or none. */
export type PresenterKind = 'cut-out' | 'footage' | 'corner' | null;

/**
 * A part's cost to render, in frames weighted by what the scene draws (measured at 1080p, per second of video: a cut-out
 * presenter about 2.1 CPU seconds, one in its footage 1.05, in the corner 0.65, a voice-over's still picture 0.43), so
 * the costliest parts are sent first: the last part to finish decides when the video is ready.
 */
export const partCostOf = (part: ScenePart, presenter: PresenterKind) =>
  (part.to - part.from) * (presenter === 'cut-out' ? 10 : presenter === 'footage' ? 5 : presenter === 'corner' ? 3 : 2);

/** The frames inside a part where its output is cut into pieces: where the scene's transition windows begin or end. */
export const splitsOf = (span: SceneSpan, part: ScenePart) =>
  [...new Set([span.head, span.frames - span.tail])].filter((at) => at > part.from && at < part.to).sort((a, b) => a - b);

/** A part's pieces in order: their frames in the scene, and whether they are in a transition window. */
export function piecesOf(span: SceneSpan, part: ScenePart) {
  const bounds = [part.from, ...splitsOf(span, part), part.to];
  return bounds.slice(0, -1).map((from, index) => {
    const to = bounds[index + 1]!;
    const kind = to <= span.head ? 'head' : from >= span.frames - span.tail ? 'tail' : 'body';
    return { from, to, kind } as const;
  });
}

/**
 * The scenes joined into `output`: each part's piece files (`pieces[part][k]`, as `piecesOf` lists them) copied in
 * order, each transition window encoded again from the tail of the scene before and the head of the next, and each
 * scene's sound (`audio[scene]`) mixed whole, after the brand's intro and before its outro (cut in, with their own
 * sound); its poster into `thumbnail`. Answers each scene's times and the video's length.
 */
export async function joinSceneParts(
  plan: { spans: SceneSpan[]; parts: ScenePart[] },
  files: { pieces: string[][]; audio: string[]; output: string; thumbnail: string; folder: string },
  frame: { width: number; height: number },
  clips: { intro: string | null; outro: string | null } = { intro: null, outro: null },
) {
  const { spans, parts } = plan;
  const byScene = spans.map(() => ({ head: '', body: [] as string[], tail: '' }));
  parts.forEach((part, index) => {
    piecesOf(spans[part.scene]!, part).forEach((piece, k) => {
      const file = files.pieces[index]![k]!;
      const scene = byScene[part.scene]!;
      if (piece.kind === 'body') scene.body.push(file);
      else scene[piece.kind] = file;
    });
  });
  const sequence: JoinedPiece[] = [];
  spans.forEach((span, scene) => {
    if (span.head > 0) {
      const type = span.transition === 'slide' ? 'slide' : 'fade';
      sequence.push({ window: { before: byScene[scene - 1]!.tail, after: byScene[scene]!.head, frames: span.head, type } });
    }
    sequence.push(...byScene[scene]!.body.map((file) => ({ file })));
  });
  const sounds = spans.map((span, scene) => ({ file: files.audio[scene]!, frames: span.frames, overlap: span.head }));
  const piece = (clip: string | null, name: string) => (clip ? clipAsPiece(clip, frame, files.folder, name) : null);
  const [intro, outro] = [await piece(clips.intro, 'intro'), await piece(clips.outro, 'outro')];
  const scenesFrames = spans.reduce((sum, span) => sum + span.frames - span.head, 0);
  const frames = (intro?.frames ?? 0) + scenesFrames + (outro?.frames ?? 0);
  const asSound = (made: NonNullable<typeof intro>) => ({ file: made.audio, frames: made.frames, overlap: 0 });
  await joinPieces(
    [...(intro ? [{ file: intro.video }] : []), ...sequence, ...(outro ? [{ file: outro.video }] : [])],
    [...(intro ? [asSound(intro)] : []), ...sounds, ...(outro ? [asSound(outro)] : [])],
    { frame, frames, output: files.output, folder: files.folder },
  );
  // The poster is the first scene's, not the intro's.
  const opening = (intro?.frames ?? 0) / VIDEO_FPS;
  await makeThumbnail(files.output, scenesFrames / VIDEO_FPS, files.thumbnail, opening);
  const times = sceneTimesOf(spans).map((time) => ({ ...time, start: time.start + opening }));
  return { times, durationSeconds: frames / VIDEO_FPS };
}

/** The scenes' captions moved to where each scene starts (null when no scene has any). */
export function joinedCues(cues: (Cue[] | null)[], times: SceneTimes): Cue[] | null {
  if (!cues.some(Boolean)) return null;
  return cues.flatMap((list, index) => {
    const ms = Math.round(times[index]!.start * 1000);
    return (list ?? []).map((cue) => ({ ...cue, startMs: cue.startMs + ms, endMs: cue.endMs + ms }));
  });
}
