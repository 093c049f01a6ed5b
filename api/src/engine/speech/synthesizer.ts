import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { SCRIPT_MAX_CHARS, type ContentLanguage } from '@kagami/shared/validation';
import { fail } from '../../lib/errors';
import { pcmToWav } from './wav';

export const SAMPLE_RATE = 22_050;

/** eSpeak NG voices for the 13 content languages of SPEC §1. */
export const ESPEAK_VOICES: Record<ContentLanguage, string> = {
  en: 'gmw/en-US',
  zh: 'sit/cmn',
  ja: 'jpx/ja',
  de: 'gmw/de',
  fr: 'roa/fr',
  es: 'roa/es',
  ko: 'ko',
  ar: 'sem/ar',
  ru: 'zle/ru',
  nl: 'gmw/nl',
  it: 'roa/it',
  pl: 'zlw/pl',
  pt: 'roa/pt-BR',
};

/** What a voice model measured of its speaker, and what shapes the synthetic voice. */
export type VoiceProfile = { medianPitchHz: number; wordsPerMinute: number; loudnessDb: number };
export const NEUTRAL_VOICE: VoiceProfile = { medianPitchHz: 150, wordsPerMinute: 165, loudnessDb: -20 };

/** A stored voice's measurements, with the neutral voice filling any that are missing. */
export const profileOf = (voice: {
  medianPitchHz: number | null;
  wordsPerMinute: number | null;
  loudnessDb: number | null;
}): VoiceProfile => ({
  medianPitchHz: voice.medianPitchHz ?? NEUTRAL_VOICE.medianPitchHz,
  wordsPerMinute: voice.wordsPerMinute ?? NEUTRAL_VOICE.wordsPerMinute,
  loudnessDb: voice.loudnessDb ?? NEUTRAL_VOICE.loudnessDb,
});

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, Math.round(value)));
/** eSpeak's pitch is 0-99 around 50 (≈ 150 Hz for its default voices); its rate is words per minute. */
export const espeakSettings = (profile: VoiceProfile) => ({
  pitch: clamp(50 + (profile.medianPitchHz - 150) / 2, 0, 99),
  rate: clamp(profile.wordsPerMinute, 80, 450),
});

/** The spoken audio, and each phoneme with its position (what the mouth follows). */
/** A phoneme eSpeak spoke, `ms` from the start of the audio; an empty id marks a pause. */
export type PhonemeEvent = { id: string; ms: number };

export type Speech = { wav: Buffer; durationSeconds: number; phonemes: PhonemeEvent[] };

type Spoken = { pcm: Buffer; phonemes: PhonemeEvent[] };
type Pending = { resolve: (spoken: Spoken) => void; reject: (error: Error) => void };

/**
 * One long-lived eSpeak process (started on first use, restarted if it dies), spoken to over IPC.
 * Requests queue in the child, so speech is produced one utterance at a time per synthesizer.
 */
export class SpeechSynthesizer {
  private child: ChildProcess | null = null;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  async synthesize(text: string, language: ContentLanguage, profile: VoiceProfile = NEUTRAL_VOICE): Promise<Speech> {
    const clean = text.trim();
    if (clean.length > SCRIPT_MAX_CHARS) throw fail(400, 'text_too_long', { max_characters: SCRIPT_MAX_CHARS });
    const { pcm, phonemes } = await this.request({
      text: clean,
      voice: ESPEAK_VOICES[language],
      kana: language === 'ja',
      ...espeakSettings(profile),
    });
    return { wav: pcmToWav(pcm, SAMPLE_RATE), durationSeconds: pcm.length / 2 / SAMPLE_RATE, phonemes };
  }

  /** Stops the speech process; a closed synthesizer refuses new work instead of starting another. */
  close() {
    this.closed = true;
    this.child?.kill();
    this.child = null;
  }

  private request(message: Record<string, unknown>): Promise<Spoken> {
    if (this.closed) return Promise.reject(new Error('the speech synthesizer is closed'));
    const child = this.ensureChild();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.holdProcess(child);
      child.send({ id, ...message });
    });
  }

  /** The IPC channel keeps this process alive only while an answer is awaited. */
  private holdProcess(child: ChildProcess) {
    if (this.pending.size > 0) child.channel?.ref();
    else child.channel?.unref();
  }

  private ensureChild(): ChildProcess {
    if (this.child && this.child.exitCode === null) return this.child;
    const child = fork(join(__dirname, 'espeak-worker.mjs'), [], {
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.on('message', (reply: { id: number; pcm?: Uint8Array; phonemes?: PhonemeEvent[]; error?: string }) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      this.holdProcess(child);
      if (!waiting) return;
      if (reply.error || !reply.pcm) waiting.reject(new Error(`speech synthesis failed: ${reply.error}`));
      else
        waiting.resolve({
          pcm: Buffer.from(reply.pcm.buffer, reply.pcm.byteOffset, reply.pcm.byteLength),
          phonemes: reply.phonemes ?? [],
        });
    });
    child.on('exit', () => {
      for (const waiting of this.pending.values()) waiting.reject(new Error('the speech process stopped'));
      this.pending.clear();
      if (this.child === child) this.child = null;
    });
    child.unref();
    child.channel?.unref();
    this.child = child;
    return child;
  }
}
