// Any server speaking OpenAI's text to speech, `POST {url}/v1/audio/speech` (OpenAI itself, and the self-hosted
// servers that copy it: Kokoro-FastAPI, openedai-speech, LocalAI…): Bearer key, JSON `{ model, input, voice,
// response_format, speed }`, the audio as the body. It gives no timings: the mouth follows the loudness.
import { runFfmpeg } from '../../../media/tools';
import { fetchRetrying } from '../../../lib/retrying-fetch';
import { speechFailure, type SpeechProvider } from './speech-provider';
import { type ProviderVoice, type SpeechProviderSettings } from '../../../config/providers';

/** OpenAI's default model, and the rate its audio is taken at. */
const DEFAULT_MODEL = 'gpt-4o-mini-tts';
const SAMPLE_RATE = 24_000;
/** One request speaks at most this many characters (OpenAI's limit). */
export const OPENAI_MAX_INPUT = 4096;

/** OpenAI's built-in voices, with the gender they are heard as (OpenAI publishes none; SPEECH_PROVIDER_VOICES overrides). */
export const OPENAI_VOICES: ProviderVoice[] = [
  ...['alloy', 'coral', 'nova', 'sage', 'shimmer'].map((id) => ({ id, gender: 'female' as const })),
  ...['ash', 'echo', 'fable', 'onyx'].map((id) => ({ id, gender: 'male' as const })),
].map(({ id, gender }) => ({ id, name: id[0]!.toUpperCase() + id.slice(1), gender, previewUrl: null }));

/** OpenAI's "you exceeded your current quota" (429 insufficient_quota) is not a busy server: retrying will not help. */
const quotaSpent = (status: number, body: string) => status === 429 && body.includes('insufficient_quota');

export function openAiSpeech(settings: SpeechProviderSettings): SpeechProvider {
  const base = settings.url.replace(/\/+$/, '');
  return {
    name: 'openai',
    voices: async () => settings.voices ?? OPENAI_VOICES,
    async speak(text, voiceId, { speed }) {
      let body: Buffer;
      try {
        ({ body } = await fetchRetrying(
          'the speech provider',
          `${base}/v1/audio/speech`,
          {
            method: 'POST',
            headers: { 'content-type': 'application/json', ...(settings.key ? { authorization: `Bearer ${settings.key}` } : {}) },
            body: JSON.stringify({
              model: settings.model ?? DEFAULT_MODEL,
              input: text.slice(0, OPENAI_MAX_INPUT),
              voice: voiceId,
              response_format: 'wav',
              speed,
            }),
          },
          settings,
        ));
      } catch (error) {
        throw speechFailure(error, quotaSpent);
      }
      // Whatever the server sent (WAV with a streaming header, or another format it prefers), as 16-bit mono PCM.
      const { stdout } = await runFfmpeg(['-i', 'pipe:0', '-vn', '-ac', '1', '-ar', String(SAMPLE_RATE), '-f', 's16le', 'pipe:1'], {
        input: body,
        timeoutMs: 120_000,
      }).catch(() => {
        throw speechFailure(new Error('the speech provider sent something that is not audio'), () => false);
      });
      return { pcm: stdout, sampleRate: SAMPLE_RATE, phonemes: [] };
    },
  };
}
