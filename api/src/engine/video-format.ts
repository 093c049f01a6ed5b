/** Finished videos are at most this tall (the avatar's own size up to it), at this frame rate. */
export const MAX_VIDEO_HEIGHT = 1080;
export const VIDEO_FPS = 25;
