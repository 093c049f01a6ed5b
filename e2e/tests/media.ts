import { execFileSync } from 'node:child_process';
import { chmodSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { MEDIA } from '../playwright.config';

export const media = (name: 'face-clip.mp4' | 'large-face-clip.mp4' | 'face-photo.jpg' | 'voice.wav' | 'camera.mjpeg' | 'slides.pdf') =>
  join(MEDIA, name);

/** What ffprobe (the API's own copy) reads in a file: container and stream types. */
export function probe(file: string): { format: string; streams: string[]; seconds: number } {
  const fromApi = createRequire(join(__dirname, '..', '..', 'api', 'package.json'));
  const ffprobe = (fromApi('@ffprobe-installer/ffprobe') as { path: string }).path;
  // Its package's install script, which marks it executable, does not run under pnpm's defaults.
  chmodSync(ffprobe, 0o755);
  const out = JSON.parse(
    execFileSync(ffprobe, ['-v', 'error', '-print_format', 'json', '-show_format', '-show_streams', file]).toString(),
  ) as {
    format: { format_name: string; duration: string };
    streams: { codec_type: string }[];
  };
  return { format: out.format.format_name, streams: out.streams.map((s) => s.codec_type), seconds: Number(out.format.duration) };
}
