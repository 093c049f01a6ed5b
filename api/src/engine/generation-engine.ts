// The engine's port: what the studio asks of an engine that makes avatars, voices and videos, and the shapes it
// answers with. The local engine implements it; the studio sees only this.
import type { AvatarStage, CaptionStyle, ContentLanguage } from '@kagami/shared/validation';
import type { Cue } from './compose/captions';
import type { Framing } from './compose/compose';
import type { LipSyncRun } from './lipsync/lipsync-provider';
import type { RenderTimings } from './draw/render';
import type { Gender } from '../config/providers';
import type { SpeechProvider } from './speech/providers/speech-provider';
import type { PhonemeEvent, SpeakingVoice, Speech, SpeechOptions, VoiceProfile } from './speech/synthesizer';

export type AvatarOutput = {
  /** JPEG of the frame with the clearest face. */
  preview: string;
  /** H.264, at most 1080p, 25 fps, no sound. */
  clip: string;
  /** What videos play: the clip then the clip reversed (footage), or a photo's idle loop; loops with no jump cut. */
  loop: string;
  /** The face's mesh in each frame of the clip, and the inside of the person's mouth (face/mesh-track.ts); null when no face could be followed. */
  mouth: string | null;
  /** The person's opacity in each frame of the loop (an alpha video, compose/matte.ts). */
  matte: string;
  /** The speaker measured from the video's own sound, when it has speech. */
  defaultVoice: VoiceProfile | null;
  /** The gender face-api estimates for the face (null when unsure): whose built-in voice speaks for it by default. */
  gender: Gender | null;
};

/** `clone`: the voice the speech provider cloned from the recording (null when the voice is made here). */
export type VoiceOutput = { profile: VoiceProfile; sample: string; clone: { provider: string; voiceId: string } | null };

/** Told when a stage starts (`fraction` 0) and how far through it the work is (0-1) as it goes. */
export type AvatarProgress = (stage: AvatarStage, fraction: number) => void;

/** Where the engine writes an avatar's files. */
export type AvatarFiles = { preview: string; clip: string; loop: string; mouth: string; matte: string };

/** What an avatar is made from: footage (uploaded or recorded), or one photo. */
export type AvatarSource = { file: string; kind: 'video' | 'photo' };

/**
 * `mouth`: the avatar's face track
 * (avatars made before lip-sync have none and are rendered without animation; those made before the face mesh have an
 * older mouth track, which the first render replaces with a face track); `phonemes`: what the speech says when it was
 * synthesized (uploaded audio has none), in `language`. `seed` makes the idle life (blinks, head motion) the same on
 * every render of the same video.
 */
export type RenderInput = {
  loop: string;
  /** The photo a photo avatar was made from (a talking-photo model animates it). */
  photo?: string;
  mouth?: string | null;
  audio: string;
  phonemes?: PhonemeEvent[];
  language?: ContentLanguage;
  seed?: string;
  output: string;
  watermark: boolean;
  /** The video's format, background and placement (absent: the avatar's own picture, at its own size). */
  framing?: Framing;
  /** Where the avatar's matte is, or is to be made when a background needs it and the avatar has none yet. */
  matte?: string;
  /** The captions, timed to the speech; drawn into the picture when `burnIn`. */
  captions?: { cues: Cue[]; burnIn: boolean; style: CaptionStyle };
  /** Where to write the video's poster (a JPEG of a frame, composed like the video). */
  thumbnail?: string;
  /** The face is drawn here even with a lip-sync provider configured (the plan does not include neural lip-sync). */
  localOnly?: boolean;
  /**
   * For a lip-sync provider's job: `resume` is the id of the one a stopped worker submitted for this video (with the
   * engine it went to); `submitted` is told the id of a new one as soon as it exists.
   */
  lipSyncJob?: { resume?: { engine: string; id: string }; submitted: (engine: string, id: string) => Promise<void> };
};

/**
 * Where a render spent its time (see `RenderTimings`), when it animated the mouth locally; `lipSync`: the provider's
 * run when a provider made the talking face, or its failure when the local renderer took over.
 */
export type RenderResult = {
  durationSeconds: number;
  timings?: RenderTimings;
  lipSync?: LipSyncRun | { engine: LipSyncRun['engine']; failed: string; detail: string; keyRefused: boolean };
};

/** A scene with no presenter: its sound (or speech) over its background, with its captions, into `output`. */
export type VoiceOverInput = Pick<RenderInput, 'audio' | 'output' | 'thumbnail' | 'watermark' | 'captions' | 'language'> & {
  framing: Framing;
};

/**
 * Frames `from` to `to` (exclusive) of a render made by one part job; `splitAt`: frames inside it where its output is
 * cut into pieces that each start on a keyframe (a scene's transition windows), written to the output's name with `%d`
 * replaced by each piece's number from 0.
 */
export type PartRange = { from: number; to: number; splitAt?: number[] };

/** What produces avatars, voices, speech and videos; `local` runs on this machine (its lip-sync step may be a GPU service). */
export interface GenerationEngine {
  processAvatar(source: AvatarSource, outputs: AvatarFiles, onProgress?: AvatarProgress): Promise<AvatarOutput>;
  processVoice(source: string, language: ContentLanguage, sample: string, name?: string): Promise<VoiceOutput>;
  /** The speech provider (SPEECH_PROVIDER), when one is configured. */
  readonly speechProvider?: SpeechProvider;
  synthesizeSpeech(text: string, language: ContentLanguage, voice?: SpeakingVoice, options?: SpeechOptions): Promise<Speech>;
  renderVideo(input: RenderInput): Promise<RenderResult>;
  /** A voice-over: no presenter, the background for as long as the sound (a `part`: those frames of it, without sound). */
  renderVoiceOver(input: VoiceOverInput, part?: PartRange): Promise<RenderResult>;
  /**
   * Where a long render is cut into parts that workers make apart (frame indexes, from 0 to the frame count), or null
   * when it is made whole; each part of about `seconds`.
   */
  segmentsOf(input: RenderInput, seconds: number): Promise<number[] | null>;
  /**
   * Frames `from` to `to` (exclusive) of the render, without sound, into `input.output` (the timings: when the face was
   * drawn here; an avatar with no face track is made whole this way, from frame 0).
   */
  renderSegment(input: RenderInput, range: PartRange): Promise<RenderTimings | null>;
  /** The parts joined in order without re-encoding, with the whole audio: the finished video (and its poster). */
  joinSegments(parts: string[], input: RenderInput): Promise<RenderResult>;
  close(): void;
}
