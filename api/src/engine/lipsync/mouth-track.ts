// How open and how rounded the mouth is in each video frame, from the speech: eSpeak's phoneme events
// (with their audio positions) for a script, or the loudness envelope for uploaded audio. Pauses close it.

/** A phoneme eSpeak spoke, `ms` from the start of the audio; an empty id marks a pause. */
export type PhonemeEvent = { id: string; ms: number };
/** 0 closed .. 1 wide open; 0 spread .. 1 rounded (o, u). */
export type MouthShape = { open: number; round: number };

const CLOSED: MouthShape = { open: 0, round: 0 };
/** The mouth moves slightly before the sound it makes. */
export const LEAD_MS = 30;
/** A quieter stretch than this is a pause: the mouth closes. */
export const PAUSE_MS = 300;

// IPA as eSpeak writes it, stress and length marks removed. Longest match first, so diphthongs win.
const VISEMES: [string, MouthShape][] = [
  ['aɪ', { open: 0.9, round: 0 }],
  ['aʊ', { open: 0.9, round: 0.4 }],
  ['oʊ', { open: 0.55, round: 0.9 }],
  ['ɔɪ', { open: 0.6, round: 0.7 }],
  ['eɪ', { open: 0.55, round: 0 }],
  ['a', { open: 1, round: 0 }],
  ['ɑ', { open: 1, round: 0.1 }],
  ['æ', { open: 0.85, round: 0 }],
  ['ʌ', { open: 0.75, round: 0 }],
  ['ɐ', { open: 0.7, round: 0 }],
  ['ɛ', { open: 0.65, round: 0 }],
  ['e', { open: 0.55, round: 0 }],
  ['ə', { open: 0.45, round: 0 }],
  ['ɚ', { open: 0.45, round: 0.3 }],
  ['ɜ', { open: 0.5, round: 0.2 }],
  ['ɪ', { open: 0.35, round: 0 }],
  ['i', { open: 0.3, round: 0 }],
  ['ɔ', { open: 0.7, round: 0.8 }],
  ['o', { open: 0.55, round: 0.9 }],
  ['ʊ', { open: 0.35, round: 0.85 }],
  ['u', { open: 0.3, round: 1 }],
  ['ɯ', { open: 0.3, round: 0.3 }],
  ['y', { open: 0.3, round: 0.9 }],
  ['ø', { open: 0.45, round: 0.9 }],
  ['w', { open: 0.2, round: 0.9 }],
  ['f', { open: 0.12, round: 0 }],
  ['v', { open: 0.12, round: 0 }],
  ['θ', { open: 0.25, round: 0 }],
  ['ð', { open: 0.25, round: 0 }],
  ['ʃ', { open: 0.25, round: 0.6 }],
  ['ʒ', { open: 0.25, round: 0.6 }],
];
const BILABIAL = /^[mbpɸβ]/;
/** Every other consonant: slightly parted lips. */
const CONSONANT: MouthShape = { open: 0.25, round: 0 };

/** The mouth shape of one eSpeak phoneme: m, b and p close the lips; open vowels open them wide; o and u round them. */
export function visemeOf(id: string): MouthShape {
  const phoneme = id.replace(/[ˈˌːˑ'",%_-]/g, '');
  if (!phoneme) return CLOSED;
  if (BILABIAL.test(phoneme)) return CLOSED;
  for (const [prefix, shape] of VISEMES) if (phoneme.startsWith(prefix)) return shape;
  return CONSONANT;
}

const mix = (a: MouthShape, b: MouthShape, t: number): MouthShape => ({
  open: a.open + (b.open - a.open) * t,
  round: a.round + (b.round - a.round) * t,
});

/**
 * One shape per frame from phoneme events: each phoneme's shape is reached at its start (a little
 * early), eased from the previous one; a bilabial is fully closed at its moment; a pause longer than
 * PAUSE_MS, and everything after the last phoneme, is closed. `loudness` (0..1 per frame, see
 * `loudnessPerFrame`) gates the result, so the mouth never opens over silence.
 */
export function mouthFromPhonemes(phonemes: PhonemeEvent[], frames: number, fps: number, loudness?: number[]): MouthShape[] {
  const keys = phonemes
    .map((event, index) => {
      const next = phonemes[index + 1]?.ms ?? event.ms;
      const pause = !event.id.replace(/[ˈˌː]/g, '') && next - event.ms >= PAUSE_MS;
      return { ms: Math.max(0, event.ms - LEAD_MS), shape: event.id ? visemeOf(event.id) : pause ? CLOSED : null };
    })
    .filter((key): key is { ms: number; shape: MouthShape } => key.shape !== null);
  const lastMs = phonemes.at(-1)?.ms ?? 0;
  const shapes: MouthShape[] = [];
  let k = 0;
  for (let frame = 0; frame < frames; frame += 1) {
    const ms = (frame * 1000) / fps;
    while (k + 1 < keys.length && keys[k + 1]!.ms <= ms) k += 1;
    const current = keys[k];
    let shape = CLOSED;
    if (current && ms >= current.ms && ms < lastMs) {
      const next = keys[k + 1];
      // Ease towards the next shape over the last 40 % of this phoneme; a bilabial stays closed to its end.
      const span = next ? next.ms - current.ms : 1;
      const t = next && current.shape.open > 0 ? Math.max(0, ((ms - current.ms) / span - 0.6) / 0.4) : 0;
      shape = next ? mix(current.shape, next.shape, t) : current.shape;
    }
    const gate = loudness ? Math.min(1, (loudness[frame] ?? 0) / 0.15) : 1;
    shapes.push({ open: shape.open * gate, round: shape.round * gate });
  }
  return shapes;
}

/**
 * Loudness per frame of mono samples in [-1, 1], 0..1: each frame's RMS against the loud end of the
 * whole recording (its 95th percentile), with a noise floor below which it is 0.
 */
export function loudnessPerFrame(pcm: Float32Array, sampleRate: number, fps: number, frames: number): number[] {
  const perFrame = sampleRate / fps;
  const rms = Array.from({ length: frames }, (_, frame) => {
    const start = Math.floor(frame * perFrame);
    const end = Math.min(pcm.length, Math.floor((frame + 1) * perFrame));
    let sum = 0;
    for (let i = start; i < end; i += 1) sum += pcm[i]! ** 2;
    return end > start ? Math.sqrt(sum / (end - start)) : 0;
  });
  const loud = [...rms].sort((a, b) => a - b)[Math.floor(rms.length * 0.95)] ?? 0;
  const floor = Math.max(0.003, loud * 0.08);
  return rms.map((value) => (loud > floor && value > floor ? Math.min(1, (value - floor) / (loud - floor)) : 0));
}

/**
 * Uploaded audio has no phonemes: the envelope opens the mouth, smoothed (fast to open, slower to
 * close) and held shut through pauses longer than PAUSE_MS.
 */
export function mouthFromLoudness(loudness: number[], fps: number): MouthShape[] {
  const pauseFrames = Math.ceil((PAUSE_MS / 1000) * fps);
  const quiet = loudness.map((value) => value === 0);
  const inLongPause = quiet.map((_, frame) => {
    let start = frame;
    while (start > 0 && quiet[start - 1]) start -= 1;
    let end = frame;
    while (end < quiet.length - 1 && quiet[end + 1]) end += 1;
    return quiet[frame]! && end - start + 1 >= pauseFrames;
  });
  let open = 0;
  return loudness.map((value, frame) => {
    const target = inLongPause[frame] ? 0 : Math.min(1, value * 1.2);
    open += (target - open) * (target > open ? 0.7 : 0.45);
    return { open: inLongPause[frame] ? 0 : open, round: 0 };
  });
}
