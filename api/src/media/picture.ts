// A still picture (JPEG, PNG, WebP) decoded to raw pixels the way it is meant to be seen: turned upright by its
// EXIF orientation (phones store portraits sideways with a tag saying so, which this ffmpeg ignores) and scaled to fit.
import { openSync, readSync, closeSync } from 'node:fs';
import { probeMedia } from './probe';
import { runFfmpeg } from './tools';

/** The EXIF orientation tag of a JPEG (1-8, 1 = upright), or 1 when it has none or is not a JPEG. */
function exifOrientation(bytes: Buffer): number {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return 1;
  let offset = 2;
  while (offset + 4 <= bytes.length && bytes[offset] === 0xff) {
    const marker = bytes[offset + 1]!;
    const length = bytes.readUInt16BE(offset + 2);
    if (marker === 0xe1 && bytes.toString('latin1', offset + 4, offset + 10) === 'Exif\0\0') {
      return orientationInTiff(bytes.subarray(offset + 10, offset + 2 + length));
    }
    if (marker === 0xda) break;
    offset += 2 + length;
  }
  return 1;
}

function orientationInTiff(tiff: Buffer): number {
  if (tiff.length < 8) return 1;
  const little = tiff.toString('latin1', 0, 2) === 'II';
  const u16 = (at: number) => (little ? tiff.readUInt16LE(at) : tiff.readUInt16BE(at));
  const u32 = (at: number) => (little ? tiff.readUInt32LE(at) : tiff.readUInt32BE(at));
  const ifd = u32(4);
  if (ifd + 2 > tiff.length) return 1;
  const entries = u16(ifd);
  for (let i = 0; i < entries; i += 1) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > tiff.length) break;
    if (u16(entry) === 0x0112) {
      const value = u16(entry + 8);
      return value >= 1 && value <= 8 ? value : 1;
    }
  }
  return 1;
}

/** ffmpeg filters that turn a picture of EXIF orientation `n` upright. */
const UPRIGHT: Record<number, string[]> = {
  1: [],
  2: ['hflip'],
  3: ['hflip', 'vflip'],
  4: ['vflip'],
  5: ['transpose=0'],
  6: ['transpose=1'],
  7: ['transpose=3'],
  8: ['transpose=2'],
};

/** The first bytes of a file: enough for a JPEG's EXIF block. */
function head(file: string, bytes = 128 * 1024) {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

type Picture = {
  /** Raw pixels, `format`. */
  data: Buffer;
  width: number;
  height: number;
  /** The upright picture's own size, before it was scaled to fit. */
  fullWidth: number;
  fullHeight: number;
};

/** The filters that turn the picture upright, and its upright size; throws when the file is not a picture ffmpeg reads. */
async function upright(file: string) {
  const probe = await probeMedia(file);
  if (!probe?.video?.width || !probe.video.height) throw new Error(`${file} is not a picture`);
  const turn = UPRIGHT[exifOrientation(head(file))]!;
  const sideways = turn.some((filter) => filter.startsWith('transpose'));
  return {
    turn,
    fullWidth: sideways ? probe.video.height : probe.video.width,
    fullHeight: sideways ? probe.video.width : probe.video.height,
  };
}

/** The size a picture of `full` size takes scaled down (never up) to fit `fit`, with even sides (as yuv420p needs). */
const fitted = (full: { width: number; height: number }, fit: { width: number; height: number }) => {
  const scale = Math.min(1, fit.width / full.width, fit.height / full.height);
  return {
    width: Math.max(2, Math.floor((full.width * scale) / 2) * 2),
    height: Math.max(2, Math.floor((full.height * scale) / 2) * 2),
  };
};

/** The picture upright, scaled down to fit `fit` with even sides, as raw `format` pixels. */
export async function decodePicture(file: string, fit: { width: number; height: number }, format: 'rgb24' | 'yuv420p'): Promise<Picture> {
  const { turn, fullWidth, fullHeight } = await upright(file);
  const { width, height } = fitted({ width: fullWidth, height: fullHeight }, fit);
  const { stdout } = await runFfmpeg(
    [
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      [...turn, `scale=${width}:${height}:flags=area`].join(','),
      '-f',
      'rawvideo',
      '-pix_fmt',
      format,
      'pipe:1',
    ],
    { timeoutMs: 60_000 },
  );
  return { data: stdout, width, height, fullWidth, fullHeight };
}

/** The picture upright, scaled down to fit `fit` with even sides, saved as `output` (its extension names the format). */
export async function saveUprightPicture(file: string, fit: { width: number; height: number }, output: string) {
  const { turn, fullWidth, fullHeight } = await upright(file);
  const { width, height } = fitted({ width: fullWidth, height: fullHeight }, fit);
  await runFfmpeg(['-i', file, '-frames:v', '1', '-vf', [...turn, `scale=${width}:${height}:flags=area`].join(','), '-q:v', '2', output], {
    timeoutMs: 60_000,
  });
  return { width, height };
}
