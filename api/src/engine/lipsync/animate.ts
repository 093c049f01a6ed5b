// The local lip-sync step: the avatar's loop decoded to raw frames, each frame's mouth warped to the
// shape the speech calls for at that moment, and the frames handed to the encoder.
import { readFrames, writeFrames } from '../../media/frame-pipes';
import { VIDEO_FPS, VIDEO_HEIGHT } from '../generation-engine';
import { ANALYSIS_RATE, decodeMono } from '../local/decode';
import { loudnessPerFrame, mouthFromLoudness, mouthFromPhonemes, type MouthShape, type PhonemeEvent } from './mouth-track';
import { warpMouth, type MouthPose, type YuvFrame } from './mouth-warp';
import { loopPoses, type MouthTrack } from './track-mouth';

/** The mouth's shape in each video frame: from eSpeak's phonemes for synthesized speech, otherwise from the audio's loudness. */
export async function mouthShapesFor(audio: string, frames: number, phonemes?: PhonemeEvent[]): Promise<MouthShape[]> {
  const loudness = loudnessPerFrame(await decodeMono(audio), ANALYSIS_RATE, VIDEO_FPS, frames);
  return phonemes?.length ? mouthFromPhonemes(phonemes, frames, VIDEO_FPS, loudness) : mouthFromLoudness(loudness, VIDEO_FPS);
}

/** The finished video's size for a track's clip: 720 high, the width keeping the aspect (even). */
export function videoSizeOf(track: { width: number; height: number }) {
  return { width: Math.round((VIDEO_HEIGHT * track.width) / track.height / 2) * 2, height: VIDEO_HEIGHT };
}

/** The loop's poses in the finished video's pixels. */
export function posesForVideo(track: MouthTrack): MouthPose[] {
  const size = videoSizeOf(track);
  const sx = size.width / track.width;
  const sy = size.height / track.height;
  return loopPoses(track).map((p) => ({ cx: p.cx * sx, cy: p.cy * sy, width: p.width * sx, angle: p.angle }));
}

/** Views of one raw yuv420p frame's planes. */
export function yuvFrameOf(buffer: Buffer, width: number, height: number): YuvFrame {
  const luma = width * height;
  return {
    width,
    height,
    y: buffer.subarray(0, luma),
    u: buffer.subarray(luma, luma + luma / 4),
    v: buffer.subarray(luma + luma / 4, luma + luma / 2),
  };
}

/**
 * Frame n of the result is frame n of `frames` (the loop repeated) with the mouth of `shapes[n]`, at
 * the loop's pose `poses[n mod poses.length]`. Frames with a closed mouth pass through untouched.
 */
export async function* animatedFrames(
  frames: AsyncIterable<Buffer>,
  size: { width: number; height: number },
  poses: MouthPose[],
  shapes: MouthShape[],
  stats = { warpSeconds: 0 },
): AsyncGenerator<Buffer> {
  let n = 0;
  for await (const frame of frames) {
    const shape = shapes[n];
    const pose = poses[n % poses.length]!;
    n += 1;
    if (!shape || (shape.open <= 0.001 && shape.round <= 0.001)) {
      yield frame;
      continue;
    }
    const started = performance.now();
    const animated = Buffer.from(frame);
    warpMouth(yuvFrameOf(frame, size.width, size.height), yuvFrameOf(animated, size.width, size.height), pose, shape);
    stats.warpSeconds += (performance.now() - started) / 1000;
    yield animated;
  }
}

/** Where a talking render spent its time: ffmpeg's CPU seconds decoding and encoding, and the warp's seconds here. */
export type RenderTimings = { decodeCpuSeconds: number; warpSeconds: number; encodeCpuSeconds: number };

/**
 * Renders the loop, mouth animated, through an encoder: `encode` is ffmpeg's arguments after the raw
 * frames input (`-i pipe:0`), i.e. the audio input, filters, codecs and output.
 */
export async function renderTalkingLoop(
  input: { loop: string; track: MouthTrack; shapes: MouthShape[] },
  encode: string[],
): Promise<RenderTimings> {
  const size = videoSizeOf(input.track);
  const decoder = readFrames(
    [
      '-stream_loop',
      '-1',
      '-i',
      input.loop,
      '-an',
      '-vf',
      `scale=${size.width}:${size.height}`,
      '-frames:v',
      String(input.shapes.length),
      '-f',
      'rawvideo',
      '-pix_fmt',
      'yuv420p',
    ],
    (size.width * size.height * 3) / 2,
  );
  const encoder = writeFrames([
    '-f',
    'rawvideo',
    '-pix_fmt',
    'yuv420p',
    '-s',
    `${size.width}x${size.height}`,
    '-r',
    String(VIDEO_FPS),
    '-i',
    'pipe:0',
    ...encode,
  ]);
  const stats = { warpSeconds: 0 };
  try {
    for await (const frame of animatedFrames(decoder.frames, size, posesForVideo(input.track), input.shapes, stats)) {
      await encoder.write(frame);
    }
    const decoded = await decoder.done;
    const encoded = await encoder.end();
    return { decodeCpuSeconds: decoded.cpuSeconds, warpSeconds: stats.warpSeconds, encodeCpuSeconds: encoded.cpuSeconds };
  } catch (error) {
    encoder.kill();
    throw error;
  }
}
