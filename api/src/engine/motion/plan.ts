// What each frame of a video asks of the face: the jaw and lips from the speech (its phonemes when it was
// synthesized, its sound otherwise), blinks where the avatar's own footage has none, and the head's motion.
import type { ContentLanguage } from '@kagami/shared/validation';
import type { PhonemeEvent } from '../speech/synthesizer';
import { articulationFromLoudness, articulationFromPhonemes } from './articulation';
import { blinks, headMotion, stressedSyllables, type Seed } from './life';
import type { FramePlan } from '../face-shapes';

type SpeechOfVideo = {
  frames: number;
  fps: number;
  /** 0..1 per frame (`loudnessPerFrame`). */
  loudness: number[];
  /** eSpeak's phoneme events, for synthesized speech; uploaded audio has none. */
  phonemes?: PhonemeEvent[];
  language?: ContentLanguage;
  /** The audio itself (mono), for what its spectrum says of the lips when there are no phonemes. */
  pcm?: Float32Array;
  sampleRate?: number;
};

/** The jaw and lips per frame: from the phonemes when the speech was synthesized, from its sound otherwise. */
function articulationOf(speech: SpeechOfVideo) {
  const { frames, fps, loudness, phonemes } = speech;
  return phonemes?.length
    ? articulationFromPhonemes(phonemes, frames, fps, loudness, speech.language)
    : articulationFromLoudness(loudness, fps, speech.pcm, speech.sampleRate);
}

/**
 * One plan per frame. `sourceBlinks`: the avatar's loop shows the person blinking (footage of someone who blinked, or a
 * photo's loop, which blinks already), so no blink is added. `seed` makes the idle life the same on every render of
 * the same video.
 */
export function planFrames(speech: SpeechOfVideo, options: { sourceBlinks: boolean; seed: Seed }): FramePlan[] {
  const { frames, fps, loudness, phonemes } = speech;
  const articulation = articulationOf(speech);
  const blink = options.sourceBlinks ? null : blinks(frames, fps, options.seed);
  const head = headMotion(frames, fps, {
    loudness,
    // Flite marks no stress: its speech nods on the loudness peaks, as uploaded audio does.
    stresses: phonemes?.some((event) => event.id.includes('ˈ')) ? stressedSyllables(phonemes) : undefined,
    seed: options.seed,
  });
  return articulation.map((a, n) => ({ articulation: a, blink: blink?.[n] ?? 0, head: head[n]! }));
}
