// Speech made on this machine: eSpeak NG and Flite in a long-lived child process (speech-worker.mjs), a script spoken
// piece by piece with its pauses, phonemes and caption spans, and the voice profiles that set pitch and pace.
import { fork, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { SCRIPT_MAX_CHARS, scriptParts, type ContentLanguage } from '@kagami/shared/validation';
import { fail } from '../../lib/errors';
import { defaultBuiltinVoice, ESPEAK_VOICES, genderOfPitch, type BuiltinVoice } from './builtin-voices';
import { type Gender } from '../../config/providers';
import { applyPronunciations, type Pronunciation } from './script';
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

/** Who speaks here: a voice of the library, or a voice model (a local voice at its speaker's pitch and pace). */
export type LocalVoice = { builtin: BuiltinVoice } | { profile: VoiceProfile };
/** Who speaks: a local voice, or a voice of the speech provider (one of its own, or a clone it made), by its id there. */
export type SpeakingVoice = LocalVoice | { provider: string };

/** Flite's English voices that follow a pitch asked of them (rms does not): a woman's and a man's. */
const FLITE_PITCHED: Record<Gender, string> = { female: 'slt', male: 'awb' };
/** Flite's own pace, in words per minute, against which a speaker's pace stretches its durations. */
const FLITE_WORDS_PER_MINUTE = 165;

/**
 * What the speech process is asked: a built-in voice as it is; a voice model in English through Flite (far more
 * intelligible than eSpeak's English, `pnpm bench:voices`) with the speaker's pitch and pace, in the other languages
 * through eSpeak, likewise.
 */
function engineRequest(text: string, language: ContentLanguage, voice: LocalVoice, speed: number): Record<string, unknown> {
  const espeak = (engineVoice: string, profile: VoiceProfile) => {
    const settings = espeakSettings({ ...profile, wordsPerMinute: profile.wordsPerMinute * speed });
    return { engine: 'espeak', text, voice: engineVoice, kana: language === 'ja', ...settings };
  };
  if ('builtin' in voice) {
    const { engine, engineVoice } = voice.builtin;
    if (engine === 'flite') return { engine, text, voice: engineVoice, stretch: 1 / speed };
    return espeak(engineVoice, NEUTRAL_VOICE);
  }
  const { profile } = voice;
  if (language === 'en') {
    return {
      engine: 'flite',
      text,
      voice: FLITE_PITCHED[genderOfPitch(profile.medianPitchHz) ?? 'female'],
      pitchHz: Math.round(profile.medianPitchHz),
      stretch: Math.min(2, Math.max(0.5, FLITE_WORDS_PER_MINUTE / profile.wordsPerMinute)) / speed,
    };
  }
  return espeak(ESPEAK_VOICES[language], profile);
}

/** A phoneme spoken, `ms` from the start of the audio; an empty id marks a pause. */
export type PhonemeEvent = { id: string; ms: number };

/** `spans`: where each stretch of the script between pause marks is said (its words as written), for captions. */
export type Speech = { wav: Buffer; durationSeconds: number; phonemes: PhonemeEvent[]; spans: SpokenSpan[] };
export type SpokenSpan = { text: string; startMs: number; endMs: number };

/** How a script is said: `speed` 0.75-1.5 (1 = the voice's pace); the team's pronunciations. */
export type SpeechOptions = { speed?: number; pronunciations?: readonly Pronunciation[] };

/** Speech as an engine gives it: 16-bit mono PCM at its rate, with the phonemes it spoke (none if it does not say). */
export type Spoken = { pcm: Buffer; sampleRate: number; phonemes: PhonemeEvent[] };

/** An utterance's edges are silent where each 10 ms is quieter than this (RMS, -40 dBFS). */
const SILENCE_RMS = 0.01 * 32_768;

/** `spoken` without the silence at its start and/or end (its phonemes moved with it). */
function trimSilence(spoken: Spoken, edges: { start: boolean; end: boolean }): Spoken {
  const { pcm } = spoken;
  const window = Math.round(spoken.sampleRate / 100);
  const silent = (from: number) => {
    let sum = 0;
    for (let i = from; i < from + window; i++) sum += pcm.readInt16LE(i * 2) ** 2;
    return Math.sqrt(sum / window) < SILENCE_RMS;
  };
  let first = 0;
  let last = pcm.length / 2;
  if (edges.start) while (first + window <= last && silent(first)) first += window;
  if (edges.end) while (last - window >= first && silent(last - window)) last -= window;
  const shiftMs = (first / spoken.sampleRate) * 1000;
  const endMs = (last / spoken.sampleRate) * 1000;
  return {
    pcm: spoken.pcm.subarray(first * 2, last * 2),
    sampleRate: spoken.sampleRate,
    phonemes: spoken.phonemes.filter((event) => event.ms < endMs).map((event) => ({ ...event, ms: Math.max(0, event.ms - shiftMs) })),
  };
}

/** Used for silence when a script is nothing but pauses (no engine has told its rate). */
const FALLBACK_SAMPLE_RATE = 22_050;

/**
 * A script (at most SCRIPT_MAX_CHARS) said piece by piece: the words between pause marks spoken by `speak` (with the
 * team's pronunciations applied), each pause a silence of its length with the mouth closed (an empty phoneme id).
 */
export async function speakScript(
  script: string,
  pronunciations: readonly Pronunciation[],
  speak: (text: string) => Promise<Spoken>,
): Promise<Speech> {
  const clean = script.trim();
  if (clean.length > SCRIPT_MAX_CHARS) throw fail(400, 'text_too_long', { max_characters: SCRIPT_MAX_CHARS });
  const parts = scriptParts(clean);
  const pieces: Array<(Spoken & { text: string }) | { pauseSeconds: number }> = [];
  for (const [i, part] of parts.entries()) {
    if (!('say' in part)) {
      pieces.push(part);
      continue;
    }
    const spoken = await speak(applyPronunciations(part.say, pronunciations));
    // Engines pad an utterance with silence; beside a written pause that would lengthen it.
    pieces.push({ ...trimSilence(spoken, { start: i > 0, end: i < parts.length - 1 }), text: part.say });
  }
  const sampleRate = pieces.find((piece) => 'pcm' in piece)?.sampleRate ?? FALLBACK_SAMPLE_RATE;
  const buffers: Buffer[] = [];
  const phonemes: PhonemeEvent[] = [];
  const spans: SpokenSpan[] = [];
  let samples = 0;
  for (const piece of pieces) {
    const ms = (samples / sampleRate) * 1000;
    if ('pcm' in piece) {
      buffers.push(piece.pcm);
      phonemes.push(...piece.phonemes.map((event) => ({ ...event, ms: event.ms + ms })));
      samples += piece.pcm.length / 2;
      spans.push({ text: piece.text, startMs: ms, endMs: (samples / sampleRate) * 1000 });
    } else {
      const silence = Math.round(piece.pauseSeconds * sampleRate);
      buffers.push(Buffer.alloc(silence * 2));
      phonemes.push({ id: '', ms });
      samples += silence;
    }
  }
  return { wav: pcmToWav(Buffer.concat(buffers), sampleRate), durationSeconds: samples / sampleRate, phonemes, spans };
}
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
    voice: LocalVoice = { builtin: defaultBuiltinVoice(language) },
    options: SpeechOptions = {},
  ): Promise<Speech> {
    const speed = options.speed ?? 1;
    return speakScript(text, options.pronunciations ?? [], (say) => this.request(engineRequest(say, language, voice, speed)));
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
