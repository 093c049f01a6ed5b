// How loud the speech is in each video frame: what opens the jaw when there are no phonemes, gates it when there
// are, and paces the head's nods.

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
