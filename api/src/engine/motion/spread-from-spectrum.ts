// Lip spreading from the sound alone (uploaded audio, no phonemes): where the voice's energy lies in the spectrum,
// a high second formant (i, e) against a low one, measured per video frame with two band-pass filters.
import { clamp01 } from '../numbers';

/** Band centres (Hz) for the spreading cue: F2 of back vowels against F2/F3 of front vowels. */
const BACK_BAND_HZ = 900;
const FRONT_BAND_HZ = 2600;
/** Each band's quality factor: about an octave wide, so voices a fifth apart (men, women) fall in the same bands. */
const BAND_Q = 1.5;
/**
 * Frontness (front band minus back band, dB) measured on eSpeak's voices (one male, two female) over voiced frames:
 * i-like frames (the phoneme path's spread > 0.6) have medians of +1.3 to +5.8 dB, every other frame -6 to -8 dB,
 * with upper quartiles near -2 dB. So spreading starts at -4 dB and is full at +3 dB.
 */
const SPREAD_FROM_DB = -4;
const SPREAD_SPAN_DB = 7;
/** Band energy below this (dB of full scale²) is no sound at all, whatever the loudness says. */
const DIGITAL_SILENCE_DB = -90;
/** Below this loudness a frame's spectrum is mostly consonant noise or room: its cue fades out (fully from 0.1). */
const VOICED_LOUDNESS = 0.35;

/** A band-pass biquad (RBJ cookbook, 0 dB peak) over the whole signal. */
function bandPass(samples: Float32Array, sampleRate: number, centreHz: number, q: number): Float32Array {
  const w = (2 * Math.PI * centreHz) / sampleRate;
  const alpha = Math.sin(w) / (2 * q);
  const a0 = 1 + alpha;
  const [b0, b2, a1, a2] = [alpha / a0, -alpha / a0, (-2 * Math.cos(w)) / a0, (1 - alpha) / a0];
  const out = new Float32Array(samples.length);
  let [x1, x2, y1, y2] = [0, 0, 0, 0];
  for (let i = 0; i < samples.length; i += 1) {
    const x = samples[i]!;
    const y = b0 * x + b2 * x2 - a1 * y1 - a2 * y2;
    [x2, x1, y2, y1] = [x1, x, y1, y];
    out[i] = y;
  }
  return out;
}

/** Each frame's energy in a filtered signal, in dB. */
function decibelsPerFrame(filtered: Float32Array, sampleRate: number, fps: number, frames: number): number[] {
  const perFrame = sampleRate / fps;
  return Array.from({ length: frames }, (_, n) => {
    const start = Math.floor(n * perFrame);
    const end = Math.min(filtered.length, Math.floor((n + 1) * perFrame));
    let sum = 0;
    for (let i = start; i < end; i += 1) sum += filtered[i]! ** 2;
    return 10 * Math.log10(sum / Math.max(1, end - start) + 1e-12);
  });
}

/**
 * Lip spreading per frame from the spectrum: front vowels (i, e) put their energy high (F2 near 2–2.5 kHz), others
 * lower. Against the phoneme path on eSpeak's voices (voiced frames of ten English sentences) this gives r ≈ 0.6–0.75.
 * Rounding has no such cue: American u is fronted, and o/u frames overlap the unrounded ones (median frontness -7.5
 * against -6.5 dB, r ≤ 0.4 for the best band mix tried), so `round` is left at 0 without phonemes.
 */
export function spreadFromSpectrum(pcm: Float32Array, sampleRate: number, fps: number, loudness: number[]): number[] {
  const frames = loudness.length;
  const band = (hz: number) => decibelsPerFrame(bandPass(pcm, sampleRate, hz, BAND_Q), sampleRate, fps, frames);
  const [back, front] = [band(BACK_BAND_HZ), band(FRONT_BAND_HZ)];
  const spread = front.map((value, n) => {
    const voiced = clamp01(((loudness[n] ?? 0) - 0.1) / (VOICED_LOUDNESS - 0.1));
    if (Math.max(value, back[n]!) < DIGITAL_SILENCE_DB) return 0;
    return voiced * clamp01((value - back[n]! - SPREAD_FROM_DB) / SPREAD_SPAN_DB);
  });
  return spread.map((value, n) => 0.25 * (spread[n - 1] ?? value) + 0.5 * value + 0.25 * (spread[n + 1] ?? value));
}
