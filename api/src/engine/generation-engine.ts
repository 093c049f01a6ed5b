import type { ContentLanguage } from '@kagami/shared/validation';
import type { RenderTimings } from './lipsync/animate';
import type { PhonemeEvent } from './lipsync/mouth-track';
import type { Speech, VoiceProfile } from './speech/synthesizer';

/** Finished videos are this tall, at this frame rate. */
export const VIDEO_HEIGHT = 720;
export const VIDEO_FPS = 25;

/** A job that cannot succeed, with the reason code the user is shown (e.g. `no_face_detected`) and, for the log, what happened. */
export class EngineFailure extends Error {
  constructor(
    readonly reason: string,
    detail?: string,
  ) {
    super(detail ?? reason);
  }
}

export type AvatarOutput = {
  /** JPEG of the frame with the clearest face. */
  preview: string;
  /** H.264, at most 1080p, 25 fps, no sound. */
  clip: string;
  /** The clip then the clip reversed: loops with no jump cut. */
  loop: string;
  /** Where the mouth is in each frame of the clip (JSON, see `MouthTrack`); null when it could not be followed. */
  mouth: string | null;
  /** The speaker measured from the video's own sound, when it has speech. */
  defaultVoice: VoiceProfile | null;
};

export type VoiceOutput = { profile: VoiceProfile; sample: string };

/** The steps of making an avatar, in the order they run. */
export const AVATAR_STAGES = ['finding_face', 'choosing_stretch', 'tracking_mouth', 'finishing'] as const;
export type AvatarStage = (typeof AVATAR_STAGES)[number];
/** Told when a stage starts (`fraction` 0) and how far through it the work is (0-1) as it goes. */
export type AvatarProgress = (stage: AvatarStage, fraction: number) => void;

/**
 * `subtitles`: the script to burn in as subtitles, timed over the audio. `mouth`: the avatar's mouth
 * track (avatars made before lip-sync have none and are rendered without mouth motion); `phonemes`:
 * what the speech says when it was synthesized (uploaded audio has none).
 */
export type RenderInput = {
  loop: string;
  mouth?: string | null;
  audio: string;
  phonemes?: PhonemeEvent[];
  output: string;
  watermark: boolean;
  subtitles?: string;
};

/** Where a render spent its time (see `RenderTimings`), when it animated the mouth locally. */
export type RenderResult = { durationSeconds: number; timings?: RenderTimings };

/** What produces avatars, voices, speech and videos; `local` runs on this machine (its lip-sync step may be a GPU service). */
export interface GenerationEngine {
  processAvatar(
    source: string,
    outputs: { preview: string; clip: string; loop: string; mouth: string },
    onProgress?: AvatarProgress,
  ): Promise<AvatarOutput>;
  processVoice(source: string, language: ContentLanguage, sample: string): Promise<VoiceOutput>;
  synthesizeSpeech(text: string, language: ContentLanguage, profile?: VoiceProfile): Promise<Speech>;
  renderVideo(input: RenderInput): Promise<RenderResult>;
  close(): void;
}
