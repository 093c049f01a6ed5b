// The inside of a person's mouth from their footage: the moments the footage scan saw the mouth open, decoded, the
// face's mesh found on each, and the texture inner-mouth.ts makes of the widest openings.
import { probeMedia } from '../../media/probe';
import { runFfmpeg } from '../../media/tools';
import { innerMouthFromFrames, type InnerMouth } from './inner-mouth';
import { findFaces } from '../mesh/mesh';
import type { Mesh } from '../face-shapes';
import { rgbOf, yuvFrameOf, type YuvFrame } from './yuv';

/** The frames are read at most this large: the mouth is then about as sharp as in a 1080p video. */
const FIT = { width: 1920, height: 1080 };

/** The frame at `seconds`, scaled to `size`, as yuv420p. */
async function frameAt(source: string, seconds: number, size: { width: number; height: number }): Promise<YuvFrame> {
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
      'yuv420p',
      'pipe:1',
    ],
    { timeoutMs: 60_000 },
  );
  return yuvFrameOf(stdout, size.width, size.height);
}

/** The texture of the inside of the mouth from `source` at `moments` (seconds), or null when none shows it open enough. */
export async function innerMouthAt(source: string, moments: number[]): Promise<InnerMouth | null> {
  const video = (await probeMedia(source))?.video;
  if (!video?.width || !video.height) return null;
  const scale = Math.min(1, FIT.width / video.width, FIT.height / video.height);
  const size = { width: Math.floor((video.width * scale) / 2) * 2, height: Math.floor((video.height * scale) / 2) * 2 };
  const frames: { yuv: YuvFrame; mesh: Mesh }[] = [];
  for (const seconds of moments) {
    // Read once: the detector takes the same frame as RGB.
    const yuv = await frameAt(source, seconds, size);
    const [face] = await findFaces(rgbOf(yuv), size.width, size.height);
    if (face) frames.push({ yuv, mesh: face.mesh });
  }
  return innerMouthFromFrames(frames);
}
