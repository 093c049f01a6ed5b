// The speech provider SPEECH_PROVIDER names: ElevenLabs, or an OpenAI-compatible service.
import { elevenLabsSpeech } from './elevenlabs';
import { openAiSpeech } from './openai';
import type { SpeechProvider } from './speech-provider';
import { type SpeechProviderSettings } from '../../../config/providers';

/** The provider SPEECH_PROVIDER names. */
export const speechProvider = (settings: SpeechProviderSettings): SpeechProvider =>
  settings.provider === 'elevenlabs' ? elevenLabsSpeech(settings) : openAiSpeech(settings);
