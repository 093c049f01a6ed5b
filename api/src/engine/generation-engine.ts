import type { ContentLanguage } from '@kagami/shared/validation';
import type { Speech, VoiceProfile } from './speech/synthesizer';

/** A job that cannot succeed, with the reason code the user is shown (e.g. `no_face_detected`). */
export class EngineFailure extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

export type AvatarOutput = {
  /** JPEG of the frame with the clearest face. */
  preview: string;
  /** H.264, at most 1080p, 25 fps, no sound. */
  clip: string;
  /** The clip then the clip reversed: loops with no jump cut. */
  loop: string;
  /** The speaker measured from the video's own sound, when it has speech. */
  defaultVoice: VoiceProfile | null;
};

export type VoiceOutput = { profile: VoiceProfile; sample: string };

/** `subtitles`: the script to burn in as subtitles, timed over the audio. */
export type RenderInput = { loop: string; audio: string; output: string; watermark: boolean; subtitles?: string };

/** What produces avatars, voices, speech and videos; `local` runs on this machine, a GPU service could follow. */
export interface GenerationEngine {
  processAvatar(source: string, outputs: { preview: string; clip: string; loop: string }): Promise<AvatarOutput>;
  processVoice(source: string, language: ContentLanguage, sample: string): Promise<VoiceOutput>;
  synthesizeSpeech(text: string, language: ContentLanguage, profile?: VoiceProfile): Promise<Speech>;
  renderVideo(input: RenderInput): Promise<{ durationSeconds: number }>;
  close(): void;
}
