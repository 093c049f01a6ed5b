// What a video is, step by step: the script spoken (or the uploaded sound taken as it is) with its phonemes and its
// captions timed to the speech; the face drawn on the avatar's loop, composed on the backdrop and encoded, whole or
// in parts that any worker makes and one joins with the whole sound; then signed with its Content Credentials, beside
// its caption files. The studio's video jobs (domains/studio/jobs) fetch and store the files around these steps.
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { CaptionStyle, ContentLanguage } from '@kagami/shared/validation';
import { captionCuesOf, toSrt, toVtt, type Cue } from '../compose/captions';
import type { GenerationEngine, PartRange, RenderInput, RenderResult } from '../generation-engine';
import { signVideo, type VideoClaims } from '../provenance/credentials';
import type { SigningIdentity } from '../provenance/signing-identity';
import type { PhonemeEvent, SpeakingVoice, SpeechOptions } from '../speech/synthesizer';

/** The video's sound and what it says: the uploaded audio, or the spoken script with its phonemes and captions. */
export type Spoken = { audio: string; phonemes?: PhonemeEvent[]; cues: Cue[] | null };

/** Uploaded audio is the video's sound as it is: no phonemes (the mouth follows its loudness), no captions. */
export const spokenUpload = (audio: string): Spoken => ({ audio, cues: null });

/** The script spoken into `folder` (speech.wav), with its phonemes and its captions as long as the frame allows. */
export async function speakScript(
  engine: GenerationEngine,
  script: { text: string; language: ContentLanguage; voice: SpeakingVoice; options: SpeechOptions },
  captions: { frame: { width: number; height: number }; size: CaptionStyle['size'] },
  folder: string,
): Promise<Spoken> {
  const speech = await engine.synthesizeSpeech(script.text, script.language, script.voice, script.options);
  const audio = join(folder, 'speech.wav');
  await writeFile(audio, speech.wav);
  return {
    audio,
    // A provider that gives no timings leaves the mouth to the loudness.
    phonemes: speech.phonemes.length ? speech.phonemes : undefined,
    cues: await captionCuesOf(speech.spans, audio, captions.frame, captions.size),
  };
}

/**
 * The video rendered whole into `input.output`; or, when it is long enough to be cut into parts of `partSeconds`
 * (null: never), the frames where the parts begin and end, for `renderPart` and `joinParts`.
 */
export async function renderWholeOrCut(
  engine: GenerationEngine,
  input: RenderInput,
  partSeconds: number | null,
): Promise<{ cuts: number[] } | { rendered: RenderResult }> {
  const cuts = partSeconds ? await engine.segmentsOf(input, partSeconds) : null;
  if (cuts) return { cuts };
  return { rendered: await engine.renderVideo(input) };
}

/** Frames `from` to `to` (exclusive) of the video, without sound, into `input.output` (cut at `range.splitAt`). */
export const renderPart = (engine: GenerationEngine, input: RenderInput, range: PartRange) => engine.renderSegment(input, range);

/** The parts joined in order with the whole sound into `output`, and its poster into `thumbnail`. */
export const joinParts = (
  engine: GenerationEngine,
  parts: string[],
  files: { audio: string; output: string; thumbnail: string; watermark: boolean },
) => engine.joinSegments(parts, { loop: '', ...files });

/**
 * The finished video signed with its Content Credentials, and its captions written as SubRip and WebVTT to `captions`
 * (when it has any).
 */
export async function signAndCaption(
  credentials: SigningIdentity,
  video: { output: string; claims: VideoClaims },
  captions: { cues: Cue[]; srt: string; vtt: string } | null,
) {
  await signVideo(credentials, video.output, video.claims);
  if (!captions) return;
  await writeFile(captions.srt, toSrt(captions.cues));
  await writeFile(captions.vtt, toVtt(captions.cues));
}
