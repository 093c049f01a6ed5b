// One decoded frame of a rendered video, and the share of a region's pixels that pass a test: to judge what a viewer
// sees where (text, a logo, a colour) on the output itself.
import { runFfmpeg } from '../../src/media/tools';

export type Frame = { data: Buffer; width: number; height: number };

export async function frameAt(file: string, seconds: number, size: { width: number; height: number }): Promise<Frame> {
  const { stdout } = await runFfmpeg([
    ...['-ss', seconds.toFixed(3), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
  ]);
  return { data: stdout as unknown as Buffer, ...size };
}

/** The share of the region's pixels (the region in fractions of the frame) that pass `test`. */
export function share(
  frame: Frame,
  region: { x: number; y: number; width: number; height: number },
  test: (r: number, g: number, b: number) => boolean,
) {
  let hits = 0;
  let total = 0;
  const [x0, y0] = [Math.round(region.x * frame.width), Math.round(region.y * frame.height)];
  const [x1, y1] = [Math.round((region.x + region.width) * frame.width), Math.round((region.y + region.height) * frame.height)];
  for (let y = y0; y < y1; y += 1) {
    for (let x = x0; x < x1; x += 1) {
      const at = (y * frame.width + x) * 3;
      total += 1;
      if (test(frame.data[at]!, frame.data[at + 1]!, frame.data[at + 2]!)) hits += 1;
    }
  }
  return hits / total;
}
export const light = (r: number, g: number, b: number) => r > 200 && g > 200 && b > 200;
export const dark = (r: number, g: number, b: number) => r < 60 && g < 60 && b < 60;
export const red = (r: number, g: number, b: number) => r > 180 && g < 80 && b < 80;
