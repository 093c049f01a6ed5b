// A finished video's poster: one of its frames, two seconds in (a third of the way through a shorter one), as a JPEG.
import { runFfmpeg } from '../../media/tools';

/** The poster is this far into the video (a third of it when shorter): the presenter is speaking by then. */
const POSTER_SECONDS = 2;

/**
 * A video's poster: one of its frames as a JPEG (at most 1280 pixels wide), so it is composed exactly like the video;
 * counted from `fromSecond` (after an intro) over the `durationSeconds` that follow.
 */
export async function makeThumbnail(video: string, durationSeconds: number, output: string, fromSecond = 0) {
  const at = fromSecond + Math.min(POSTER_SECONDS, durationSeconds / 3);
  await runFfmpeg(['-ss', at.toFixed(3), '-i', video, '-frames:v', '1', '-vf', "scale='min(1280,iw)':-2", '-q:v', '3', output]);
}
