/** Finished videos are at most this tall (the avatar's own size up to it), at this frame rate. */
export const MAX_VIDEO_HEIGHT = 1080;
export const VIDEO_FPS = 25;

/**
 * The finished video: H.264 at a quality that keeps a talking face sharp (CRF 20; the old 23 smeared lips and teeth
 * at 130-170 kb/s), its rate capped (by the frame's shorter side) so a busy frame cannot balloon the file; its sound AAC.
 */
export const videoEncode = (shortSide: number) => [
  ...['-c:v', 'libx264', '-preset', 'veryfast', '-crf', '20'],
  ...['-maxrate', shortSide > 720 ? '8M' : '5M', '-bufsize', shortSide > 720 ? '16M' : '10M', '-pix_fmt', 'yuv420p'],
];
export const AUDIO_ENCODE = ['-c:a', 'aac', '-b:a', '128k'];
