// The render pipeline's frames: a yuv420p frame as RGB for the face detector matches ffmpeg's own conversion.
import { rgbOf } from '../../src/engine/draw/yuv';
import { FACE_PHOTO, ONE_FACE } from '../media/fixtures';
import { faceFrame, rgbStill } from './face-frames';

test("a frame's RGB for the detector is ffmpeg's conversion of the same yuv420p picture, within a level or two", async () => {
  const { frame } = await faceFrame('sample3-face1');
  // The same crop, converted by ffmpeg after its own trip through yuv420p.
  const expected = await rgbStill(FACE_PHOTO, `${ONE_FACE},format=yuv420p`);
  const rgb = rgbOf(frame);
  expect(rgb).toHaveLength(expected.length);
  let total = 0;
  for (let i = 0; i < rgb.length; i += 1) total += Math.abs(rgb[i]! - expected[i]!);
  expect(total / rgb.length).toBeLessThan(2);
});
