// A brand's intro or outro as pieces of a video of scenes: the clip's picture covering the frame at the video's rate,
// encoded as every piece is (so the join copies it), and its own sound (silence where it has none) beside it.
import { join } from 'node:path';
import { runFfmpeg } from '../../media/tools';
import { probeMedia } from '../../media/probe';
import { EngineFailure } from '../failure';
import { VIDEO_FPS, videoEncode } from '../video-format';
import type { Size } from './layout';

/** An intro or outro plays at most this long: a brand's sting, not a scene of its own. */
export const BRAND_CLIP_MAX_SECONDS = 15;

/** The frames a clip of `durationSeconds` plays for in a video. */
const clipFrames = (durationSeconds: number) => Math.max(1, Math.round(Math.min(durationSeconds, BRAND_CLIP_MAX_SECONDS) * VIDEO_FPS));

/** How long a clip of `durationSeconds` plays in a video (seconds): what the editor and the quota count for it. */
export const brandClipSeconds = (durationSeconds: number) => clipFrames(durationSeconds) / VIDEO_FPS;

/** The clip `source` made a piece of the video (frame `frame`) in `folder`: its picture, its sound and its frames. */
export async function clipAsPiece(source: string, frame: Size, folder: string, name: string) {
  const probe = await probeMedia(source);
  if (!probe?.video || !probe.durationSeconds) throw new EngineFailure('brand_clip_unreadable');
  const frames = clipFrames(probe.durationSeconds);
  const { width, height } = frame;
  const [video, audio] = [join(folder, `${name}.mp4`), join(folder, `${name}.wav`)];
  await runFfmpeg(
    [
      ...['-i', source, '-map', '0:v:0', '-an', '-frames:v', String(frames)],
      ...['-vf', `fps=${VIDEO_FPS},scale=${width}:${height}:force_original_aspect_ratio=increase,crop=${width}:${height},setsar=1`],
      ...videoEncode(Math.min(width, height)),
      ...['-movflags', '+faststart', video],
    ],
    { timeoutMs: 600_000 },
  );
  const seconds = (frames / VIDEO_FPS).toFixed(3);
  await runFfmpeg(
    probe.audio
      ? ['-i', source, '-map', '0:a:0', '-t', seconds, '-ar', '48000', '-ac', '1', audio]
      : ['-f', 'lavfi', '-i', `anullsrc=r=48000:cl=mono`, '-t', seconds, audio],
  );
  return { video, audio, frames };
}
