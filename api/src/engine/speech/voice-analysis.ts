// A speaker measured from a recording: median pitch, speaking rate and loudness (a voice model's profile), and whether
// the sound holds speech at all rather than music, a tone or a hum.
import type { VoiceProfile } from './synthesizer';
import { ANALYSIS_RATE } from './decode';

const FRAME = Math.round(0.04 * ANALYSIS_RATE);
const HOP = Math.round(0.01 * ANALYSIS_RATE);
const MIN_PITCH_HZ = 70;
const MAX_PITCH_HZ = 400;
/** Frames quieter than this (dBFS) are silence. */
const SILENCE_DB = -45;

export type VoiceAnalysis = VoiceProfile & {
  /** Seconds louder than silence: speech, but also music, a tone or a hum. */
  soundSeconds: number;
  /** Syllable-like bursts per second of sound: speech has about 2-7, a steady tone or hum none. */
  syllablesPerSecond: number;
  /** Interquartile range of the voiced pitch, in semitones: speech rises and falls, a tone does not. */
  pitchSpreadSemitones: number;
};

/** Voice activity, not just sound: enough seconds with syllables and a moving pitch. */
export const holdsSpeech = (analysis: VoiceAnalysis, minSeconds: number) =>
  analysis.soundSeconds >= minSeconds &&
  analysis.medianPitchHz > 0 &&
  analysis.syllablesPerSecond >= 1 &&
  analysis.pitchSpreadSemitones >= 0.25;

const rms = (samples: Float32Array, start: number, length: number) => {
  let sum = 0;
  for (let i = start; i < start + length; i += 1) sum += samples[i]! * samples[i]!;
  return Math.sqrt(sum / length);
};
const toDb = (value: number) => 20 * Math.log10(Math.max(value, 1e-9));

/** The fundamental frequency of one frame by normalized autocorrelation, or null when unvoiced. */
function framePitch(samples: Float32Array, start: number): number | null {
  const minLag = Math.floor(ANALYSIS_RATE / MAX_PITCH_HZ);
  const maxLag = Math.ceil(ANALYSIS_RATE / MIN_PITCH_HZ);
  let energy = 0;
  for (let i = start; i < start + FRAME; i += 1) energy += samples[i]! * samples[i]!;
  if (energy === 0) return null;
  let bestLag = 0;
  let best = 0;
  for (let lag = minLag; lag <= maxLag; lag += 1) {
    let sum = 0;
    let lagEnergy = 0;
    for (let i = start; i < start + FRAME - lag; i += 1) {
      sum += samples[i]! * samples[i + lag]!;
      lagEnergy += samples[i + lag]! * samples[i + lag]!;
    }
    const score = sum / Math.sqrt(energy * lagEnergy || 1);
    if (score > best) {
      best = score;
      bestLag = lag;
    }
  }
  return best > 0.6 && bestLag > 0 ? ANALYSIS_RATE / bestLag : null;
}

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) * q)]! : 0;
};
const semitones = (hz: number) => 12 * Math.log2(hz);

/**
 * Measures a speaker: median pitch of voiced frames, speaking rate from syllable-like energy
 * peaks, and loudness of the non-silent part. Enough to shape a synthetic voice like theirs.
 */
export function analyzeVoice(samples: Float32Array): VoiceAnalysis {
  const pitches: number[] = [];
  const envelope: number[] = [];
  let loudSum = 0;
  let loudFrames = 0;
  for (let start = 0; start + FRAME <= samples.length; start += HOP) {
    const level = toDb(rms(samples, start, FRAME));
    envelope.push(level);
    if (level < SILENCE_DB) continue;
    loudSum += level;
    loudFrames += 1;
    const pitch = framePitch(samples, start);
    if (pitch) pitches.push(pitch);
  }
  const soundSeconds = (loudFrames * HOP) / ANALYSIS_RATE;
  // Syllable nuclei: local maxima of the envelope, 6 dB above its surroundings, at least 120 ms apart.
  let syllables = 0;
  let lastPeak = -Infinity;
  for (let i = 5; i < envelope.length - 5; i += 1) {
    const here = envelope[i]!;
    if (here < SILENCE_DB + 10) continue;
    const window = envelope.slice(i - 5, i + 6);
    if (here === Math.max(...window) && here - Math.min(...window) > 6 && i - lastPeak >= 12) {
      syllables += 1;
      lastPeak = i;
    }
  }
  const syllablesPerSecond = soundSeconds > 0 ? syllables / soundSeconds : 0;
  return {
    medianPitchHz: Math.round(quantile(pitches, 0.5)),
    // About 1.5 syllables a word; kept within what speech synthesis can follow.
    wordsPerMinute: Math.round(Math.min(260, Math.max(110, (syllablesPerSecond * 60) / 1.5))),
    loudnessDb: Math.round(loudFrames ? loudSum / loudFrames : SILENCE_DB),
    soundSeconds,
    syllablesPerSecond,
    pitchSpreadSemitones: pitches.length ? semitones(quantile(pitches, 0.75)) - semitones(quantile(pitches, 0.25)) : 0,
  };
}
