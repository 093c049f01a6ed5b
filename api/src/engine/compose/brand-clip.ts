// A brand's intro or outro as a scene of a video: the clip covering the frame at the video's rate, with its own sound
// (silence where it has none), encoded as every scene is, so it joins the video like one.
import { runFfmpeg } from '../../media/tools';
import { probeMedia } from '../../media/probe';
import { EngineFailure } from '../failure';
import { AUDIO_ENCODE, VIDEO_FPS, videoEncode } from '../video-format';
import type { Size } from './layout';

/** An intro or outro plays at most this long: a brand's sting, not a scene of its own. */
export const BRAND_CLIP_MAX_SECONDS = 15;

/** The clip `source` made a scene of the video (frame `frame`) into `output`; answers how long it plays. */
export async function clipAsScene(source: string, frame: Size, output: string): Promise<number> {
  const probe = await probeMedia(source);
  if (!probe?.video || !probe.durationSeconds) throw new EngineFailure('brand_clip_unreadable');
  const seconds = Math.min(probe.durationSeconds, BRAND_CLIP_MAX_SECONDS);
  const { width, height } = frame;
  await runFfmpeg(
    [
      ...['-i', source],
      ...(probe.audio ? [] : ['-f', 'lavfi', '-i', 'anullsrc=r=48000:cl=mono']),
      ...['-t', seconds.toFixed(3), '-map', '0:v:0', '-map', probe.audio ? '0:a:0' : '1:a:0'],
      ...['-vf', `scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1,fps=${VIDEO_FPS}`],
      ...['-af', 'aresample=48000', '-ac', '1'],
      ...videoEncode(Math.min(width, height)),
      ...AUDIO_ENCODE,
      output,
    ],
    { timeoutMs: 600_000 },
  );
  return seconds;
}
