import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { SCRIPT_MAX_CHARS, type ContentLanguage } from '@kagami/shared/validation';
import { fail } from '../../lib/errors';
import { defaultBuiltinVoice, ESPEAK_VOICES, genderOfPitch, type BuiltinVoice, type Gender } from './builtin-voices';
import { pcmToWav } from './wav';

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

/** Who speaks: a voice of the library, or a voice model (a local voice at its speaker's pitch and pace). */
export type SpeakingVoice = { builtin: BuiltinVoice } | { profile: VoiceProfile };

/** Flite's English voices that follow a pitch asked of them (rms does not): a woman's and a man's. */
const FLITE_PITCHED: Record<Gender, string> = { female: 'slt', male: 'awb' };
/** Flite's own pace, in words per minute, against which a speaker's pace stretches its durations. */
const FLITE_WORDS_PER_MINUTE = 165;

/**
 * What the speech process is asked: a built-in voice as it is; a voice model in English through Flite (far more
 * intelligible than eSpeak's English, `pnpm bench:voices`) with the speaker's pitch and pace, in the other languages
 * through eSpeak, likewise.
 */
function engineRequest(text: string, language: ContentLanguage, voice: SpeakingVoice): Record<string, unknown> {
  if ('builtin' in voice) {
    const { engine, engineVoice } = voice.builtin;
    if (engine === 'flite') return { engine, text, voice: engineVoice };
    return { engine, text, voice: engineVoice, kana: language === 'ja', ...espeakSettings(NEUTRAL_VOICE) };
  }
  const { profile } = voice;
  if (language === 'en') {
    return {
      engine: 'flite',
      text,
      voice: FLITE_PITCHED[genderOfPitch(profile.medianPitchHz) ?? 'female'],
      pitchHz: Math.round(profile.medianPitchHz),
      stretch: Math.min(2, Math.max(0.5, FLITE_WORDS_PER_MINUTE / profile.wordsPerMinute)),
    };
  }
  return { engine: 'espeak', text, voice: ESPEAK_VOICES[language], kana: language === 'ja', ...espeakSettings(profile) };
}

/** A phoneme spoken, `ms` from the start of the audio; an empty id marks a pause. */
export type PhonemeEvent = { id: string; ms: number };

export type Speech = { wav: Buffer; durationSeconds: number; phonemes: PhonemeEvent[] };

type Spoken = { pcm: Buffer; sampleRate: number; phonemes: PhonemeEvent[] };
class SpeechProcessStopped extends Error {
  constructor(code: number | null, signal: string | null) {
    super(`the speech process stopped (${signal ?? `exit code ${code}`})`);
  }
}

type Pending = { child: ChildProcess; resolve: (spoken: Spoken) => void; reject: (error: Error) => void };

/**
 * One long-lived speech process (eSpeak and Flite) (started on first use, restarted if it dies), spoken to over IPC.
 * Requests queue in the child, so speech is produced one utterance at a time per synthesizer.
 */
export class SpeechSynthesizer {
  private child: ChildProcess | null = null;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  private closed = false;

  async synthesize(
    text: string,
    language: ContentLanguage,
    voice: SpeakingVoice = { builtin: defaultBuiltinVoice(language) },
  ): Promise<Speech> {
    const clean = text.trim();
    if (clean.length > SCRIPT_MAX_CHARS) throw fail(400, 'text_too_long', { max_characters: SCRIPT_MAX_CHARS });
    const { pcm, sampleRate, phonemes } = await this.request(engineRequest(clean, language, voice));
    return { wav: pcmToWav(pcm, sampleRate), durationSeconds: pcm.length / 2 / sampleRate, phonemes };
  }

  /** Stops the speech process; a closed synthesizer refuses new work instead of starting another. */
  close() {
    this.closed = true;
    this.child?.kill();
    this.child = null;
  }

  /** Synthesis is repeatable, so an utterance whose process stopped under it is asked once more of a new one. */
  private async request(message: Record<string, unknown>): Promise<Spoken> {
    try {
      return await this.requestOnce(message);
    } catch (error) {
      if (!(error instanceof SpeechProcessStopped) || this.closed) throw error;
      return this.requestOnce(message);
    }
  }

  private requestOnce(message: Record<string, unknown>): Promise<Spoken> {
    if (this.closed) return Promise.reject(new Error('the speech synthesizer is closed'));
    const child = this.ensureChild();
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { child, resolve, reject });
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
    if (this.child && this.child.exitCode === null && this.child.signalCode === null) return this.child;
    const child = fork(join(__dirname, 'speech-worker.mjs'), [], {
      // Node calls its WASI (Flite's) experimental, once per process, on every start.
      execArgv: [...process.execArgv, '--disable-warning=ExperimentalWarning'],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    child.on('message', (reply: { id: number; pcm?: Uint8Array; sampleRate?: number; phonemes?: PhonemeEvent[]; error?: string }) => {
      const waiting = this.pending.get(reply.id);
      this.pending.delete(reply.id);
      this.holdProcess(child);
      if (!waiting) return;
      if (reply.error || !reply.pcm) waiting.reject(new Error(`speech synthesis failed: ${reply.error}`));
      else
        waiting.resolve({
          pcm: Buffer.from(reply.pcm.buffer, reply.pcm.byteOffset, reply.pcm.byteLength),
          sampleRate: reply.sampleRate ?? 0,
          phonemes: reply.phonemes ?? [],
        });
    });
    child.on('exit', (code, signal) => {
      for (const [id, waiting] of this.pending) {
        if (waiting.child !== child) continue;
        this.pending.delete(id);
        waiting.reject(new SpeechProcessStopped(code, signal));
      }
      if (this.child === child) this.child = null;
    });
    child.unref();
    child.channel?.unref();
    this.child = child;
    return child;
  }
}
