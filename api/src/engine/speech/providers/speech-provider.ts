// Neural speech from a service, chosen by SPEECH_PROVIDER: any server speaking OpenAI's `POST /v1/audio/speech`
// (openai.ts), or ElevenLabs with its timings and instant voice cloning (elevenlabs.ts). The local engines stay the
// default and speak the library's built-in voices whatever the provider.
import type { ContentLanguage } from '@kagami/shared/validation';
import { EngineFailure } from '../../failure';
import { GaveUp, isRetryableStatus } from '../../../lib/retrying-fetch';
import type { Spoken } from '../synthesizer';
import type { ProviderVoice, SpeechProviderName } from '../../../config/providers';

export interface SpeechProvider {
  readonly name: SpeechProviderName;
  /** The provider's voices (fetched, or from configuration). */
  voices(): Promise<ProviderVoice[]>;
  /** `text` in the provider's voice `voiceId` at `speed`, with its timings when the provider gives them. */
  speak(text: string, voiceId: string, options: { speed: number; language: ContentLanguage }): Promise<Spoken>;
  /** A clone of the speaker of `sample` (an audio file), when the provider clones: its voice id there. */
  clone?(name: string, sample: string): Promise<string>;
  /** Removes a clone made by `clone` (one the provider no longer has counts as removed). */
  deleteVoice?(voiceId: string): Promise<void>;
}

/** A video's `voice_id` for a provider's voice. */
export const PROVIDER_VOICE_PREFIX = 'provider-';
export const isProviderVoiceId = (id: string) => id.startsWith(PROVIDER_VOICE_PREFIX);
/** The provider's own id of the voice a `provider-<id>` names. */
export const providerVoiceIdOf = (id: string) => id.slice(PROVIDER_VOICE_PREFIX.length);

/**
 * What a refused request means for the user: the service could not be reached (after the retries), its quota or
 * credits are spent, it refused the voice or the text; a refused key is the operator's (logged as an error, not
 * retried) and tells the user only that the service is unavailable.
 */
export function speechFailure(error: unknown, quotaSpent: (status: number, body: string) => boolean): EngineFailure {
  if (!(error instanceof GaveUp)) return new EngineFailure('speech_provider_unavailable', (error as Error).message);
  const { status, body, message } = error;
  if (status !== null && quotaSpent(status, body)) return new EngineFailure('speech_provider_quota', message);
  if (status === 401 || status === 403) return new EngineFailure('speech_provider_unavailable', message, true);
  if (status === null || isRetryableStatus(status)) return new EngineFailure('speech_provider_unavailable', message);
  return new EngineFailure('speech_voice_refused', message);
}
