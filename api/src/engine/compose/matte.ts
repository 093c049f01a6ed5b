// The person cut out of every frame of an avatar's loop: an alpha video (its luma is the person's opacity) with the
// loop's frame count, so that frame n of one lies over frame n of the other.
import { countVideoFrames, probeMedia } from '../../media/probe';
import { readFrames, writeFrames } from '../../media/frame-pipes';
import { personMatting } from '../mesh/mesh';
import { VIDEO_FPS } from '../video-format';

/**
 * Frames are matted at about this many pixels (640x360) with the model's coarse pass at MATTE_RATIO of that: 150 ms a
 * frame here, against 470 ms at 1280x720; the alpha is scaled up smoothly where it is used.
 */
const MATTE_PIXELS = 640 * 360;
const MATTE_RATIO = 0.25;
/**
 * The model sees every MATTE_STRIDE-th frame and the frames between take the mean of their neighbours: a talking head
 * moves little in 80 ms, and the mean also steadies what flickers.
 */
const MATTE_STRIDE = 2;

/** A cut-out person's edge is softened this much (pixels of the video's picture) so it blends into the background. */
const EDGE_BLUR = 1.2;

/**
 * The ffmpeg chain that makes a matte the person's alpha over a picture of `picture` pixels: softened at the matte's own
 * size (matteSizeOf the picture, a quarter of its pixels or fewer: blurring the alpha at the picture's size took half a
 * CPU second per second of 1080p video), then scaled up smoothly.
 */
export function matteToPicture(picture: { width: number; height: number }) {
  const sigma = (EDGE_BLUR * matteSizeOf(picture).width) / picture.width;
  return `format=gray,gblur=sigma=${sigma.toFixed(2)},scale=${picture.width}:${picture.height}:flags=bicubic,format=gray`;
}

/** The matte's size for frames of `size`: about MATTE_PIXELS, never larger than the frames, even sides. */
export function matteSizeOf(size: { width: number; height: number }) {
  const scale = Math.min(1, Math.sqrt(MATTE_PIXELS / (size.width * size.height)));
  return { width: Math.round((size.width * scale) / 2) * 2, height: Math.round((size.height * scale) / 2) * 2 };
}

/** The person's alpha in each frame of `video`, at matteSizeOf its size. */
export async function matteFrames(video: string, onProgress: (fraction: number) => void = () => undefined): Promise<Uint8Array[]> {
  const probe = (await probeMedia(video))?.video;
  if (!probe) throw new Error(`matteFrames: ${video} has no video`);
  const total = await countVideoFrames(video);
  const { width, height } = matteSizeOf(probe);
  const decoder = readFrames(
    ['-i', video, '-an', '-vf', `scale=${width}:${height}`, '-f', 'rawvideo', '-pix_fmt', 'rgb24'],
    width * height * 3,
  );
  const matting = personMatting(MATTE_RATIO);
  const alphas: Uint8Array[] = [];
  const matted: number[] = [];
  let index = 0;
  for await (const frame of decoder.frames) {
    // Every stride-th frame, and the last (known only once it is read, so the frame before a stride's end is kept).
    const last = index === total - 1;
    if (index % MATTE_STRIDE === 0 || last) {
      alphas[index] = await matting(new Uint8Array(frame), width, height);
      matted.push(index);
      onProgress(Math.min(1, (index + 1) / Math.max(1, total)));
    }
    index += 1;
  }
  await decoder.done;
  if (!matted.length) throw new Error(`matteFrames: ${video} has no frames`);
  // A stride's last frame may have gone unmatted when the count was off by one: it takes its neighbour's.
  for (let i = 0; i < index; i += 1) {
    if (alphas[i]) continue;
    const before = matted.filter((n) => n < i).at(-1);
    const after = matted.find((n) => n > i);
    alphas[i] = before !== undefined && after !== undefined ? mean(alphas[before]!, alphas[after]!) : alphas[before ?? after!]!;
  }
  return alphas;
}

function mean(a: Uint8Array, b: Uint8Array) {
  const out = new Uint8Array(a.length);
  for (let i = 0; i < a.length; i += 1) out[i] = (a[i]! + b[i]! + 1) >> 1;
  return out;
}

/**
 * Writes `alphas` (at their matte size) as the alpha video `output`: as they are, or (`bounce`) forwards then
 * backwards, as a footage avatar's loop plays its clip.
 */
export async function writeMatte(alphas: Uint8Array[], size: { width: number; height: number }, output: string, bounce: boolean) {
  const encoder = writeFrames([
    ...['-f', 'rawvideo', '-pix_fmt', 'gray', '-s', `${size.width}x${size.height}`, '-r', String(VIDEO_FPS), '-i', 'pipe:0'],
    ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '12', '-pix_fmt', 'yuv420p', '-movflags', '+faststart', output],
  ]);
  const order = bounce ? [...alphas, ...[...alphas].reverse()] : alphas;
  try {
    for (const alpha of order) await encoder.write(Buffer.from(alpha.buffer, alpha.byteOffset, alpha.length));
    await encoder.end();
  } catch (error) {
    encoder.kill();
    throw error;
  }
}

/** The matte of `video` (a clip played forwards then backwards when `bounce`) into `output`. */
export async function makeMatte(video: string, output: string, options: { bounce: boolean; onProgress?: (fraction: number) => void }) {
  const probe = (await probeMedia(video))?.video;
  if (!probe) throw new Error(`makeMatte: ${video} has no video`);
  const alphas = await matteFrames(video, options.onProgress);
  await writeMatte(alphas, matteSizeOf(probe), output, options.bounce);
}
