// ElevenLabs: text to speech with character timings (`POST /v1/text-to-speech/{voice_id}/with-timestamps`, so the
// mouth follows what was said when), its voice list (`GET /v1/voices`) and instant voice cloning (`POST /v1/voices/add`
// with the user's recording; `DELETE /v1/voices/{voice_id}` when the voice model is deleted). Key in `xi-api-key`.
import { openAsBlob } from 'node:fs';
import { basename } from 'node:path';
import { runFfmpeg } from '../../../media/tools';
import { fetchRetrying, GaveUp } from '../../../lib/retrying-fetch';
import type { PhonemeEvent } from '../synthesizer';
import { speechFailure, type SpeechProvider } from './speech-provider';
import { type Gender, type ProviderVoice, type SpeechProviderSettings } from '../../../config/providers';

const DEFAULT_MODEL = 'eleven_multilingual_v2';
const SAMPLE_RATE = 16_000;
/** The speeds ElevenLabs' voice settings take; beyond them the audio is tempo-changed here. */
const PROVIDER_SPEED = { min: 0.7, max: 1.2 };
/** The voice list is asked for at most this often. */
const VOICES_TTL_MS = 10 * 60_000;

type Alignment = { characters: string[]; character_start_times_seconds: number[]; character_end_times_seconds: number[] };
type WithTimestamps = { audio_base64: string; alignment?: Alignment | null; normalized_alignment?: Alignment | null };
type VoiceList = {
  voices: { voice_id: string; name: string; category?: string; labels?: Record<string, string>; preview_url?: string | null }[];
};

/** Errors say `{ detail: { status: "quota_exceeded", … } }` when the account's characters are spent. */
const quotaSpent = (_status: number, body: string) => /quota_exceeded|insufficient_credits/.test(body);

/** A letter as the phoneme the mouth makes for it, roughly (vowels open it, m b p close it, f v tuck the lip). */
function phonemeOfLetter(character: string): string {
  const letter = character.toLowerCase();
  if (/\s|[.,!?;:、。！？]/.test(letter)) return '';
  if (/[aeiou]/.test(letter)) return letter;
  if (letter === 'y') return 'i';
  if (/[cqx]/.test(letter)) return 'k';
  if (/[a-z]/.test(letter)) return letter;
  // Other scripts: every character is about a syllable, its vowel open.
  return /\p{L}/u.test(letter) ? 'a' : '';
}

/** The alignment's characters as phoneme events (ms from the start), a repeated sound once. */
export function phonemesOfAlignment(alignment: Alignment, stretch = 1): PhonemeEvent[] {
  const events: PhonemeEvent[] = [];
  alignment.characters.forEach((character, index) => {
    const id = phonemeOfLetter(character);
    if (events.at(-1)?.id === id) return;
    events.push({ id, ms: Math.round(((alignment.character_start_times_seconds[index] ?? 0) * 1000) / stretch) });
  });
  return events;
}

export function elevenLabsSpeech(settings: SpeechProviderSettings): SpeechProvider {
  const base = settings.url.replace(/\/+$/, '');
  const headers = { 'xi-api-key': settings.key ?? '' };
  const send = (path: string, init: RequestInit) =>
    fetchRetrying('ElevenLabs', `${base}${path}`, { ...init, headers: { ...headers, ...init.headers } }, settings);
  const call = async (path: string, init: RequestInit) => {
    try {
      return (await send(path, init)).body;
    } catch (error) {
      throw speechFailure(error, quotaSpent);
    }
  };
  let listed: { at: number; voices: Promise<ProviderVoice[]> } | null = null;

  return {
    name: 'elevenlabs',
    voices() {
      if (!listed || Date.now() - listed.at > VOICES_TTL_MS) {
        const voices = call('/v1/voices', { method: 'GET' }).then((body): ProviderVoice[] =>
          (JSON.parse(body.toString('utf8')) as VoiceList).voices
            // Cloned voices are somebody's: a team's clone is its voice model, never the library's.
            .filter((voice) => voice.category !== 'cloned')
            .map((voice) => {
              const gender = voice.labels?.gender?.toLowerCase();
              return {
                id: voice.voice_id,
                name: voice.name,
                gender: gender === 'female' || gender === 'male' ? (gender as Gender) : null,
                previewUrl: voice.preview_url ?? null,
              };
            }),
        );
        listed = { at: Date.now(), voices };
        voices.catch(() => (listed = null));
      }
      return listed!.voices;
    },

    async speak(text, voiceId, { speed }) {
      const asked = Math.min(PROVIDER_SPEED.max, Math.max(PROVIDER_SPEED.min, speed));
      const body = await call(`/v1/text-to-speech/${encodeURIComponent(voiceId)}/with-timestamps?output_format=pcm_${SAMPLE_RATE}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ text, model_id: settings.model ?? DEFAULT_MODEL, voice_settings: { speed: asked } }),
      });
      const answer = JSON.parse(body.toString('utf8')) as WithTimestamps;
      let pcm: Buffer = Buffer.from(answer.audio_base64, 'base64');
      // What the voice settings could not reach, by a change of tempo (pitch kept).
      const rest = speed / asked;
      if (Math.abs(rest - 1) > 0.001) {
        const format = ['-f', 's16le', '-ar', String(SAMPLE_RATE), '-ac', '1'];
        pcm = (await runFfmpeg([...format, '-i', 'pipe:0', '-filter:a', `atempo=${rest}`, ...format, 'pipe:1'], { input: pcm })).stdout;
      }
      const alignment = answer.alignment ?? answer.normalized_alignment;
      return { pcm, sampleRate: SAMPLE_RATE, phonemes: alignment ? phonemesOfAlignment(alignment, rest) : [] };
    },

    async clone(name, sample) {
      const form = new FormData();
      form.append('name', name);
      form.append('files', await openAsBlob(sample), basename(sample));
      form.append('description', 'A voice model made in Kagami from its speaker’s recording.');
      const body = await call('/v1/voices/add', { method: 'POST', body: form });
      const { voice_id } = JSON.parse(body.toString('utf8')) as { voice_id?: string };
      if (!voice_id) throw speechFailure(new Error('ElevenLabs answered a clone without its voice_id'), () => false);
      return voice_id;
    },

    async deleteVoice(voiceId) {
      try {
        await send(`/v1/voices/${encodeURIComponent(voiceId)}`, { method: 'DELETE' });
      } catch (error) {
        const gone = error instanceof GaveUp && (error.status === 404 || error.body.includes('voice_not_found'));
        if (!gone) throw speechFailure(error, quotaSpent);
      }
    },
  };
}
