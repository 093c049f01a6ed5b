// A video of several scenes made from the pieces its parts rendered (all encoded alike, each starting on a keyframe):
// the pieces copied one after the other by ffmpeg's concat demuxer, but for each transition window, which is encoded
// again from the tail of the scene before and the head of the next (faded in, or slid in from the right); the scenes'
// sounds mixed whole, each crossfaded into the next for as long as its transition.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { TransitionType } from '@kagami/shared/validation';
import { runFfmpeg } from '../../media/tools';
import { AUDIO_ENCODE, VIDEO_FPS, videoEncode } from '../video-format';

/** A piece copied as it is, or a transition window made of the last frames of one scene and the first of the next. */
export type JoinedPiece =
  { file: string } | { window: { before: string; after: string; frames: number; type: Exclude<TransitionType, 'cut'> } };

/** A scene's sound, the frames it lasts (padded or cut to them), and how many it overlaps the scene before. */
export type SceneSound = { file: string; frames: number; overlap: number };

/** Audio samples per frame at 48 kHz and 25 fps: a whole number, so the sound ends where the picture does. */
const SAMPLES_PER_FRAME = 48_000 / VIDEO_FPS;

const listLine = (file: string) => `file '${file.replaceAll("'", "'\\''")}'\n`;

export async function joinPieces(
  sequence: JoinedPiece[],
  sounds: SceneSound[],
  target: { frame: { width: number; height: number }; frames: number; output: string; folder: string },
) {
  const encode = videoEncode(Math.min(target.frame.width, target.frame.height));
  const files: string[] = [];
  for (const [index, piece] of sequence.entries()) {
    if ('file' in piece) {
      files.push(piece.file);
      continue;
    }
    const file = join(target.folder, `window-${index}.mp4`);
    await encodeWindow(piece.window, encode, file);
    files.push(file);
  }
  const list = join(target.folder, 'pieces.txt');
  await writeFile(list, files.map(listLine).join(''));
  const chains = sounds.map(
    (sound, index) =>
      `[${index + 1}:a]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=mono,apad,` +
      `atrim=end_sample=${sound.frames * SAMPLES_PER_FRAME},asetpts=PTS-STARTPTS[a${index}]`,
  );
  let audio = 'a0';
  for (let index = 1; index < sounds.length; index += 1) {
    const overlap = sounds[index]!.overlap * SAMPLES_PER_FRAME;
    const joined = `aj${index}`;
    chains.push(
      overlap > 0 ? `[${audio}][a${index}]acrossfade=ns=${overlap}[${joined}]` : `[${audio}][a${index}]concat=n=2:v=0:a=1[${joined}]`,
    );
    audio = joined;
  }
  await runFfmpeg(
    [
      ...['-f', 'concat', '-safe', '0', '-i', list, ...sounds.flatMap((sound) => ['-i', sound.file])],
      ...['-filter_complex', chains.join(';'), '-map', '0:v', '-map', `[${audio}]`, '-c:v', 'copy', ...AUDIO_ENCODE],
      ...['-frames:v', String(target.frames), '-t', (target.frames / VIDEO_FPS).toFixed(3), '-movflags', '+faststart', target.output],
    ],
    { timeoutMs: 3_600_000 },
  );
}

/**
 * A transition window encoded like the pieces around it: the next scene's first frames faded in over the last frames of
 * the one before, or slid in from the right across them. (The packaged ffmpeg has no xfade filter; an overlay does the same.)
 */
async function encodeWindow(window: Extract<JoinedPiece, { window: unknown }>['window'], encode: string[], output: string) {
  const seconds = (window.frames / VIDEO_FPS).toFixed(3);
  const entering =
    window.type === 'fade'
      ? `[1:v]setpts=PTS-STARTPTS,format=yuva420p,fade=t=in:st=0:d=${seconds}:alpha=1[in]`
      : `[1:v]setpts=PTS-STARTPTS[in]`;
  const x = window.type === 'slide' ? `:x='W*(1-t/${seconds})'` : '';
  await runFfmpeg(
    [
      ...['-i', window.before, '-i', window.after],
      ...['-filter_complex', `[0:v]setpts=PTS-STARTPTS[held];${entering};[held][in]overlay=eof_action=pass${x},format=yuv420p[v]`],
      ...['-map', '[v]', '-an', '-frames:v', String(window.frames), ...encode, output],
    ],
    { timeoutMs: 600_000 },
  );
}
