import { elevenLabsSpeech } from './elevenlabs';
import { openAiSpeech } from './openai';
import type { SpeechProvider, SpeechProviderSettings } from './speech-provider';

/** The provider SPEECH_PROVIDER names. */
export const speechProvider = (settings: SpeechProviderSettings): SpeechProvider =>
  settings.provider === 'elevenlabs' ? elevenLabsSpeech(settings) : openAiSpeech(settings);
