// Whether an upload is what its purpose accepts (container, codec, length, size, pixels), judged from ffprobe's
// reading of it: the reason it is refused, or null.
import {
  AVATAR_PHOTO,
  AVATAR_VIDEO,
  BACKGROUND_IMAGE,
  BACKGROUND_VIDEO,
  CONSENT_CLIP,
  IMAGE_PIXELS,
  PICTURE,
  VOICE_AUDIO,
} from '@kagami/shared/validation';
import type { ImageSize } from './image-size';
import type { MediaProbe } from './probe';

/** ffprobe container names for the formats SPEC §5 accepts. */
const VIDEO_CONTAINERS = ['mov,mp4,m4a,3gp,3g2,mj2', 'avi', 'matroska,webm', 'flv', 'asf'];
const AUDIO_CONTAINERS = ['mp3', 'wav', 'aac', 'flac', 'mov,mp4,m4a,3gp,3g2,mj2'];
/** ffprobe's codec names of the picture formats a photo avatar is made from (JPEG, PNG, WebP). */
const IMAGE_CODECS = ['mjpeg', 'png', 'webp'];

export type MediaRejection =
  | 'not_a_video'
  | 'unsupported_video_format'
  | 'video_too_short'
  | 'video_too_large'
  | 'video_too_long'
  | 'not_audio'
  | 'unsupported_audio_format'
  | 'audio_too_large'
  | 'not_an_image'
  | 'unsupported_image_format'
  | 'image_too_large'
  | 'image_too_many_pixels'
  | 'consent_clip_silent'
  | 'consent_clip_too_short'
  | 'consent_clip_too_long';

/** An avatar source: a real video stream in an accepted container, at least 30 s, at most 5 GB. */
export function checkAvatarVideo(probe: MediaProbe | null, bytes: number): MediaRejection | null {
  if (bytes > AVATAR_VIDEO.maxBytes) return 'video_too_large';
  if (!probe || !probe.video) return 'not_a_video';
  if (!VIDEO_CONTAINERS.includes(probe.formatName)) return 'unsupported_video_format';
  if ((probe.durationSeconds ?? 0) < AVATAR_VIDEO.minSeconds) return 'video_too_short';
  return null;
}

/** A voice sample: an audio stream (and no picture track) in MP3, WAV, AAC, M4A or FLAC, at most 32 MB. */
export function checkVoiceAudio(probe: MediaProbe | null, bytes: number): MediaRejection | null {
  if (bytes > VOICE_AUDIO.maxBytes) return 'audio_too_large';
  if (!probe || !probe.audio || probe.video) return 'not_audio';
  if (!AUDIO_CONTAINERS.includes(probe.formatName)) return 'unsupported_audio_format';
  return null;
}

/** A photo for an avatar: one still picture in JPEG, PNG or WebP, at most 20 MB (whether it shows a usable face is judged later). */
export function checkAvatarPhoto(probe: MediaProbe | null, bytes: number): MediaRejection | null {
  if (bytes > AVATAR_PHOTO.maxBytes) return 'image_too_large';
  return checkStill(probe);
}

/** A background picture: one still picture in JPEG, PNG or WebP, at most 20 MB. */
export function checkBackgroundImage(probe: MediaProbe | null, bytes: number): MediaRejection | null {
  if (bytes > BACKGROUND_IMAGE.maxBytes) return 'image_too_large';
  return checkStill(probe);
}

/** A logo or a picture over a scene: one still picture in JPEG, PNG or WebP, at most 20 MB. */
export function checkPicture(probe: MediaProbe | null, bytes: number): MediaRejection | null {
  if (bytes > PICTURE.maxBytes) return 'image_too_large';
  return checkStill(probe);
}

/** A background video: a real video stream in an accepted container, at most 200 MB and 5 minutes (its sound is never played). */
export function checkBackgroundVideo(probe: MediaProbe | null, bytes: number): MediaRejection | null {
  if (bytes > BACKGROUND_VIDEO.maxBytes) return 'video_too_large';
  if (!probe?.video || (probe.durationSeconds ?? 0) < 0.5) return 'not_a_video';
  if (!VIDEO_CONTAINERS.includes(probe.formatName)) return 'unsupported_video_format';
  if ((probe.durationSeconds ?? 0) > BACKGROUND_VIDEO.maxSeconds) return 'video_too_long';
  return null;
}

/** A consent clip: a video with sound in an accepted container, 3 to 60 seconds, at most 200 MB. */
export function checkConsentClip(probe: MediaProbe | null, bytes: number): MediaRejection | null {
  if (bytes > CONSENT_CLIP.maxBytes) return 'video_too_large';
  if (!probe?.video) return 'not_a_video';
  if (!VIDEO_CONTAINERS.includes(probe.formatName)) return 'unsupported_video_format';
  if (!probe.audio) return 'consent_clip_silent';
  if ((probe.durationSeconds ?? 0) < CONSENT_CLIP.minSeconds) return 'consent_clip_too_short';
  if ((probe.durationSeconds ?? 0) > CONSENT_CLIP.maxSeconds) return 'consent_clip_too_long';
  return null;
}

/** A picture's declared size against IMAGE_PIXELS: asked of its header before anything decodes it, and of ffprobe's reading after. */
export function checkPixels(size: ImageSize | null): MediaRejection | null {
  if (!size) return null;
  const tooWide = Math.max(size.width, size.height) > IMAGE_PIXELS.maxSide;
  return tooWide || size.width * size.height > IMAGE_PIXELS.maxMegapixels * 1e6 ? 'image_too_many_pixels' : null;
}

function checkStill(probe: MediaProbe | null): MediaRejection | null {
  if (!probe?.video || probe.audio) return 'not_an_image';
  if (checkPixels(probe.video)) return 'image_too_many_pixels';
  // A still picture is one frame: an animated or moving file reads as a duration of more than one frame.
  if ((probe.durationSeconds ?? 0) > 0.1) return 'not_an_image';
  if (!IMAGE_CODECS.includes(probe.video.codec)) return 'unsupported_image_format';
  return null;
}
