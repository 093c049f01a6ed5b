import type { AspectRatio, ContentLanguage, PlacementPosition, Resolution } from '@kagami/shared/validation';

/** SPEC §4: every avatar, voice and video is in progress, failed (with a reason) or ready. */
export type ItemStatus = 'in_progress' | 'failed' | 'ready';
export type ItemKind = 'avatar' | 'voice' | 'video';

type Item = {
  id: string;
  name: string;
  language: ContentLanguage;
  status: ItemStatus;
  reason: string | null;
  createdBy: string;
  createdAt: string;
};

/** The step a new avatar's processing is on. */
export type AvatarStage = 'queued' | 'finding_face' | 'choosing_stretch' | 'animating_photo' | 'tracking_mouth' | 'cutting_out' | 'finishing';

export type Avatar = Item & {
  /** While in progress: its stage and how far it is (0-100); progress is 100 once ready. */
  stage: AvatarStage | null;
  progress: number | null;
  /** An asset path (`/assets/data/...`), resolved to a signed URL before use. */
  preview: string | null;
  defaultVoiceId: string | null;
  /** face-api's estimate for the face: which library voice speaks for an avatar without a voice of its own. */
  gender: Gender | null;
  consent: {
    text: string | null;
    givenBy: string | null;
    givenAt: string | null;
    /** The typed statement alone, or also a consent clip; verified once the clip's checks passed. */
    method?: 'typed' | 'video';
    verified?: boolean;
    review?: string | null;
    clip?: string | null;
  };
};

/** What the person reads in the consent clip, until when, and whether this Kagami asks for a clip at all. */
export type ConsentPhrase = { phrase: string; expiresAt: string; required: boolean };

export type Gender = 'female' | 'male';

/** A voice model of the team; its gender as its measured pitch suggests. */
/** `clonedBy`: the speech provider that cloned the speaker; null for a synthetic voice matched to the recording here. */
export type Voice = Item & { sample: string | null; gender: Gender | null; clonedBy: string | null };

/** A voice of the built-in library, the same for every team; its preview is an address on the API. */
export type LibraryVoice = {
  id: string;
  name: string;
  /** Null for a speech provider's voice, which speaks every language. */
  language: ContentLanguage | null;
  gender: Gender | null;
  accent: string | null;
  /** `espeak` or `flite` (built in), or the speech provider (`openai`, `elevenlabs`). */
  engine: string;
  previewUrl: string;
};

/** The library, and who makes voice models from recordings: the provider that clones (`elevenlabs`), or null (made here). */
export type VoiceLibraryAnswer = { data: LibraryVoice[]; clonesWith: string | null };

export type Video = Item & {
  avatarId: string | null;
  voiceId: string | null;
  creator: string | null;
  /** Made in the app, or through the public API with the team's key (then there is no member as creator). */
  createdVia: 'app' | 'api';
  durationSeconds: number | null;
  /** While a long video is rendered in parts by several workers: how many parts there are and how many are made. */
  segments: { done: number; total: number } | null;
  subtitles: boolean;
  /** How fast the script was spoken (1 = the voice's own pace). */
  speed: number;
  /** What made the talking face once ready: `local`, or a lip-sync provider (`replicate`, `sync`, `fal`). */
  engine: string | null;
  downloadable: boolean;
  download: string | null;
  aspectRatio: AspectRatio;
  resolution: Resolution;
  /** null: the footage's own; an image or video names one of the team's backgrounds. */
  background: { type: 'color'; value: string } | { type: 'image' | 'video'; uploadId: string } | null;
  placement: { position: PlacementPosition; scale: number };
  /** Word-timed captions of a script video once ready (null for uploaded audio). */
  captions: { burnIn: boolean; srt: string | null; vtt: string | null };
  /** The poster of a ready video. */
  thumbnail: string | null;
};

/** A video's public page: off, or its link, embed snippet, whether it offers the download, and how often it was seen. */
export type Share =
  | { shared: false }
  | { shared: true; url: string; embedUrl: string; embedHtml: string; allowDownload: boolean; views: number; createdAt: string };

/** A picture or video of the team's background library. */
export type Background = { id: string; kind: 'image' | 'video'; name: string; preview: string | null; createdAt: string };

/** A word of the team's pronunciation list and how it is said. */
export type Pronunciation = { id: string; word: string; sayAs: string; createdAt: string };

export type Page<T> = { items: T[]; page: number; pageSize: number; total: number };

/** A change pushed by GET /api/teams/{teamId}/events. */
export type StatusEvent = { kind: ItemKind; id: string; status: ItemStatus; reason: string | null };
/** An avatar in progress moved on, pushed by the same stream. */
export type ProgressEvent = { kind: 'avatar'; id: string; stage: AvatarStage | null; progress: number | null };
