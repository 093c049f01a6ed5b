import { AVATAR_VIDEO, VOICE_AUDIO, checkAvatarVideo, checkVoiceAudio, type MediaRejection } from '../../media/validate';
import type { MediaProbe } from '../../media/probe';

export const UPLOAD_PURPOSES = ['avatar_video', 'voice_audio', 'video_audio'] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

/** Audio for a video (instead of a script): the voice formats, and room for a long talk. */
const VIDEO_AUDIO_MAX_BYTES = 200 * 1024 ** 2;

export const MAX_BYTES: Record<UploadPurpose, number> = {
  avatar_video: AVATAR_VIDEO.maxBytes,
  voice_audio: VOICE_AUDIO.maxBytes,
  video_audio: VIDEO_AUDIO_MAX_BYTES,
};

/** Content checks for a finished upload, by what it is for. */
export function checkContent(purpose: UploadPurpose, probe: MediaProbe | null, bytes: number): MediaRejection | null {
  if (purpose === 'avatar_video') return checkAvatarVideo(probe, bytes);
  return checkVoiceAudio(probe, purpose === 'voice_audio' ? bytes : Math.min(bytes, VOICE_AUDIO.maxBytes));
}
