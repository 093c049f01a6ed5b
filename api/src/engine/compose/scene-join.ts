// A video of several scenes made from its scenes' renders: each comes in after the one before by its transition (a
// cut, a fade, or a slide), its sound crossfaded for as long, in one ffmpeg graph.
import type { TransitionType } from '@kagami/shared/validation';
import { runFfmpeg } from '../../media/tools';
import { probeMedia } from '../../media/probe';
import { EngineFailure } from '../failure';
import { AUDIO_ENCODE, VIDEO_FPS, videoEncode } from '../video-format';

/** A scene's render (with its sound), and how it comes in after the one before (the first's is not used). */
export type SceneClip = { file: string; transition: { type: TransitionType; seconds: number } };

/** Where each scene starts in the joined video, and how long it plays there (its transition included), in seconds. */
export type SceneTimes = { start: number; duration: number }[];

/** The scenes' times in the joined video: a transition overlaps a scene with the end of the one before. */
function sceneTimesOf(lengths: number[], transitions: SceneClip['transition'][]): SceneTimes {
  const times: SceneTimes = [];
  let end = 0;
  lengths.forEach((length, index) => {
    const overlap = index === 0 ? 0 : overlapOf(transitions[index]!, lengths[index - 1]!, length);
    const start = Math.max(0, end - overlap);
    times.push({ start, duration: length });
    end = start + length;
  });
  return times;
}

/** A transition lasts its seconds, but never more than half of either scene it joins. */
const overlapOf = (transition: SceneClip['transition'], before: number, after: number) =>
  transition.type === 'cut' ? 0 : Math.min(transition.seconds, before / 2, after / 2);

/** The scenes joined into `output` (frame `frame` in pixels); answers each scene's times and the video's length. */
export async function joinScenes(
  scenes: SceneClip[],
  frame: { width: number; height: number },
  output: string,
): Promise<{ times: SceneTimes; durationSeconds: number }> {
  const lengths: number[] = [];
  for (const scene of scenes) {
    const probe = await probeMedia(scene.file);
    if (!probe?.durationSeconds || !probe.video) throw new EngineFailure('scene_unreadable');
    lengths.push(probe.durationSeconds);
  }
  const times = sceneTimesOf(
    lengths,
    scenes.map((scene) => scene.transition),
  );
  const chains: string[] = scenes.map(
    (_, index) =>
      `[${index}:v]fps=${VIDEO_FPS},scale=${frame.width}:${frame.height},setsar=1,format=yuv420p,settb=AVTB,setpts=PTS-STARTPTS[v${index}];` +
      `[${index}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=mono,asetpts=PTS-STARTPTS[a${index}]`,
  );
  let video = 'v0';
  let audio = 'a0';
  for (let index = 1; index < scenes.length; index += 1) {
    const overlap = times[index - 1]!.start + lengths[index - 1]! - times[index]!.start;
    const type = scenes[index]!.transition.type;
    const [nextVideo, nextAudio] = [`vj${index}`, `aj${index}`];
    if (type === 'cut' || overlap <= 0) {
      chains.push(`[${video}][v${index}]concat=n=2:v=1:a=0[${nextVideo}]`, `[${audio}][a${index}]concat=n=2:v=0:a=1[${nextAudio}]`);
    } else {
      chains.push(
        ...comingIn(type, { before: video, scene: `v${index}`, into: nextVideo }, times[index]!.start, overlap, lengths[index]!),
        `[${audio}][a${index}]acrossfade=d=${overlap.toFixed(3)}[${nextAudio}]`,
      );
    }
    [video, audio] = [nextVideo, nextAudio];
  }
  await runFfmpeg(
    [
      ...scenes.flatMap((scene) => ['-i', scene.file]),
      ...['-filter_complex', `${chains.join(';')};[${video}]format=yuv420p[out]`, '-map', '[out]', '-map', `[${audio}]`],
      ...videoEncode(Math.min(frame.width, frame.height)),
      ...AUDIO_ENCODE,
      ...['-movflags', '+faststart', output],
    ],
    { timeoutMs: 3_600_000 },
  );
  const last = times[times.length - 1]!;
  return { times, durationSeconds: last.start + last.duration };
}

/**
 * The graph's chains by which a scene comes in at `start` over the last `overlap` seconds of what is before it (held on
 * its last frame for the rest of the scene's `length`): faded in, or slid in from the right. (The packaged ffmpeg has no
 * xfade filter; an overlay does the same.)
 */
function comingIn(
  type: Exclude<TransitionType, 'cut'>,
  streams: { before: string; scene: string; into: string },
  start: number,
  overlap: number,
  length: number,
): string[] {
  const { before, scene, into } = streams;
  const [s, d] = [start.toFixed(3), overlap.toFixed(3)];
  const shifted = `setpts=PTS-STARTPTS+${s}/TB`;
  const entering =
    type === 'fade' ? `[${scene}]format=yuva420p,fade=t=in:st=0:d=${d}:alpha=1,${shifted}[in_${into}]` : `[${scene}]${shifted}[in_${into}]`;
  const x = type === 'slide' ? `:x='if(lt(t,${(start + overlap).toFixed(3)}),W*(1-(t-${s})/${d}),0)'` : '';
  return [
    entering,
    `[${before}]tpad=stop_mode=clone:stop_duration=${(length - overlap).toFixed(3)}[held_${into}]`,
    `[held_${into}][in_${into}]overlay=eof_action=pass${x}[${into}]`,
  ];
}
