// The stored form of a person's inner mouth (inner-mouth.ts's InnerMouth), as the avatar's face track file carries it
// (mesh-track.ts): encoding it to bytes and decoding it back, exactly.
import type { InnerMouth } from './inner-mouth';

/**
 * The stored form of an InnerMouth, little-endian:
 *   0  4 bytes  "KGIM"
 *   4  u8       version (1)
 *   5  u8       width (texels across), 6 u8 height (texels down), 7 u8 zero
 *   8  f32      span, 12 f32 centre
 *   16 f32 x width   gap per column
 *   then width x height bytes of y, the same of u, the same of v (row-major, row 0 at the upper lip).
 * About 8 KB for the 80 x 32 texture; raw bytes (no image codec) so it round-trips exactly.
 */
const MAGIC = 'KGIM';
const VERSION = 1;
const HEADER = 16;

export function encodeInnerMouth(mouth: InnerMouth): Buffer {
  const plane = mouth.width * mouth.height;
  const out = Buffer.alloc(HEADER + 4 * mouth.width + 3 * plane);
  out.write(MAGIC, 0, 'ascii');
  out.writeUInt8(VERSION, 4);
  out.writeUInt8(mouth.width, 5);
  out.writeUInt8(mouth.height, 6);
  out.writeFloatLE(mouth.span, 8);
  out.writeFloatLE(mouth.centre, 12);
  for (let i = 0; i < mouth.width; i += 1) out.writeFloatLE(mouth.gap[i]!, HEADER + 4 * i);
  const planes = HEADER + 4 * mouth.width;
  out.set(mouth.y, planes);
  out.set(mouth.u, planes + plane);
  out.set(mouth.v, planes + 2 * plane);
  return out;
}

export function decodeInnerMouth(bytes: Uint8Array): InnerMouth {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (data.length < HEADER || data.toString('ascii', 0, 4) !== MAGIC) throw new Error('Not a stored inner mouth');
  if (data.readUInt8(4) !== VERSION) throw new Error(`Inner mouth version ${data.readUInt8(4)} is not supported`);
  const width = data.readUInt8(5);
  const height = data.readUInt8(6);
  const plane = width * height;
  const planes = HEADER + 4 * width;
  if (width === 0 || height === 0 || data.length !== planes + 3 * plane) throw new Error('Stored inner mouth has the wrong length');
  return {
    width,
    height,
    span: data.readFloatLE(8),
    centre: data.readFloatLE(12),
    gap: Float32Array.from({ length: width }, (_, i) => data.readFloatLE(HEADER + 4 * i)),
    y: Uint8Array.from(data.subarray(planes, planes + plane)),
    u: Uint8Array.from(data.subarray(planes + plane, planes + 2 * plane)),
    v: Uint8Array.from(data.subarray(planes + 2 * plane, planes + 3 * plane)),
  };
}
