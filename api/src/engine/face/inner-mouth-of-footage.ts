// The inside of a person's mouth from their footage: the moments the footage scan saw the mouth open, decoded, the
// face's mesh found on each, and the texture inner-mouth.ts makes of the widest openings.
import { probeMedia } from '../../media/probe';
import { runFfmpeg } from '../../media/tools';
import { innerMouthFromFrames, type InnerMouth } from './inner-mouth';
import { findFaces } from './mesh';
import type { Mesh } from './types';
import { yuvFrameOf, type YuvFrame } from './yuv';

/** The frames are read at most this large: the mouth is then about as sharp as in a 1080p video. */
const FIT = { width: 1920, height: 1080 };

async function frameAt(source: string, seconds: number, size: { width: number; height: number }, format: 'rgb24' | 'yuv420p') {
  const { stdout } = await runFfmpeg(
    [
      '-ss',
      seconds.toFixed(3),
      '-i',
      source,
      '-frames:v',
      '1',
      '-vf',
      `scale=${size.width}:${size.height}`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      format,
      'pipe:1',
    ],
    { timeoutMs: 60_000 },
  );
  return stdout;
}

/** The texture of the inside of the mouth from `source` at `moments` (seconds), or null when none shows it open enough. */
export async function innerMouthAt(source: string, moments: number[]): Promise<InnerMouth | null> {
  const video = (await probeMedia(source))?.video;
  if (!video?.width || !video.height) return null;
  const scale = Math.min(1, FIT.width / video.width, FIT.height / video.height);
  const size = { width: Math.floor((video.width * scale) / 2) * 2, height: Math.floor((video.height * scale) / 2) * 2 };
  const frames: { yuv: YuvFrame; mesh: Mesh }[] = [];
  for (const seconds of moments) {
    const [face] = await findFaces(await frameAt(source, seconds, size, 'rgb24'), size.width, size.height);
    if (!face) continue;
    frames.push({ yuv: yuvFrameOf(await frameAt(source, seconds, size, 'yuv420p'), size.width, size.height), mesh: face.mesh });
  }
  return innerMouthFromFrames(frames);
}
