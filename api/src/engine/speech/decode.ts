// Any audio file (or a video's sound) decoded by ffmpeg into 16 kHz mono samples, the rate the speech analyses here
// work at.
import { runFfmpeg } from '../../media/tools';

export const ANALYSIS_RATE = 16_000;

/** Any audio (or a video's audio track) as 16 kHz mono samples in [-1, 1]. */
export async function decodeMono(file: string, seconds?: number): Promise<Float32Array> {
  const { stdout } = await runFfmpeg(
    ['-i', file, ...(seconds ? ['-t', String(seconds)] : []), '-vn', '-ac', '1', '-ar', String(ANALYSIS_RATE), '-f', 's16le', 'pipe:1'],
    { timeoutMs: 300_000 },
  );
  const pcm = new Int16Array(stdout.buffer, stdout.byteOffset, Math.floor(stdout.byteLength / 2));
  return Float32Array.from(pcm, (sample) => sample / 32768);
}
