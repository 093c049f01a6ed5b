// A picture's width and height read from its header (PNG, JPEG, WebP), without decoding a pixel: a small file can
// declare a huge picture, and only its header is safe to read before deciding whether to decode it at all.
import { closeSync, openSync, readSync } from 'node:fs';

export type ImageSize = { width: number; height: number };

/** Enough of a file for its header; JPEG metadata blocks before the frame header can be long. */
const HEAD_BYTES = 1024 * 1024;

function readHead(file: string) {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(HEAD_BYTES);
    return buffer.subarray(0, readSync(fd, buffer, 0, HEAD_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

function pngSize(b: Buffer): ImageSize | null {
  const signature = '89504e470d0a1a0a';
  if (b.length < 24 || b.toString('hex', 0, 8) !== signature || b.toString('latin1', 12, 16) !== 'IHDR') return null;
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

/** JPEG's frame header (SOF0-SOF15 but DHT, JPG and DAC) holds the size; every segment before it is skipped. */
function jpegSize(b: Buffer): ImageSize | null {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return null;
  let at = 2;
  while (at + 9 <= b.length) {
    if (b[at] !== 0xff) return null;
    const marker = b[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd8 || (marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    if (marker === 0xda || marker === 0xd9) return null;
    at += 2 + b.readUInt16BE(at + 2);
  }
  return null;
}

function webpSize(b: Buffer): ImageSize | null {
  if (b.length < 30 || b.toString('latin1', 0, 4) !== 'RIFF' || b.toString('latin1', 8, 12) !== 'WEBP') return null;
  const chunk = b.toString('latin1', 12, 16);
  if (chunk === 'VP8X') return { width: 1 + b.readUIntLE(24, 3), height: 1 + b.readUIntLE(27, 3) };
  if (chunk === 'VP8L') {
    const bits = b.readUInt32LE(21);
    return { width: 1 + (bits & 0x3fff), height: 1 + ((bits >> 14) & 0x3fff) };
  }
  if (chunk === 'VP8 ') return { width: b.readUInt16LE(26) & 0x3fff, height: b.readUInt16LE(28) & 0x3fff };
  return null;
}

/** The size the picture's header declares, or null when the file is none of these formats (ffprobe judges it then). */
export function imageSize(file: string): ImageSize | null {
  const head = readHead(file);
  return pngSize(head) ?? jpegSize(head) ?? webpSize(head);
}
