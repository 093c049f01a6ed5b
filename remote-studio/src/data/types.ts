import type { AppSchema } from '@kagami/shared/api';
import type { ContentLanguage } from '@kagami/shared/validation';

/** An item of the app's answers (api/openapi.json), its language one of the content languages the API takes. */
type Item<Name extends 'AppAvatar' | 'AppVoice' | 'AppVideo'> = Omit<AppSchema<Name>, 'language'> & { language: ContentLanguage };

/**
 * An avatar of the team. While in progress: its `stage` and how far it is (`progress`, 0-100; 100 once ready).
 * `preview` is an asset path (`/assets/data/...`), resolved to a signed URL before use; `gender` is face-api's
 * estimate for the face: which library voice speaks for an avatar without a voice of its own. `consent` is the
 * typed statement alone, or also a consent clip (`method`), verified once the clip's checks passed.
 */
export type Avatar = Item<'AppAvatar'>;

/** SPEC §4: every avatar, voice and video is in progress, failed (with a reason) or ready. */
export type ItemStatus = Avatar['status'];
export type ItemKind = 'avatar' | 'voice' | 'video';

/** The step a new avatar's processing is on. */
export type AvatarStage = NonNullable<Avatar['stage']>;

/** What the person reads in the consent clip, until when, and whether this Kagami asks for a clip at all. */
export type ConsentPhrase = AppSchema<'ConsentPhrase'>;

export type Gender = NonNullable<Avatar['gender']>;

/**
 * A voice model of the team; its gender as its measured pitch suggests. `clonedBy`: the speech provider that
 * cloned the speaker; null for a synthetic voice matched to the recording here.
 */
export type Voice = Item<'AppVoice'>;

/**
 * A voice of the built-in library, the same for every team; its preview is an address on the API. Its language is
 * null for a speech provider's voice, which speaks every language; its `engine` is `espeak` or `flite` (built in),
 * or the speech provider (`openai`, `elevenlabs`).
 */
export type LibraryVoice = Omit<AppSchema<'LibraryVoice'>, 'language'> & { language: ContentLanguage | null };

/** The library, and who makes voice models from recordings: the provider that clones (`elevenlabs`), or null (made here). */
export type VoiceLibraryAnswer = { data: LibraryVoice[]; clonesWith: string | null };

/**
 * A video of the team: made in the app, or through the public API with the team's key (`createdVia`; then there
 * is no member as `creator`), with its look, and once ready its download, poster and word-timed captions.
 */
export type Video = Item<'AppVideo'>;

/** A video's public page: off, or its link, embed snippet, whether it offers the download, and how often it was seen. */
export type Share = AppSchema<'Share'>;

/** A picture or video of the team's background library. */
export type Background = AppSchema<'Background'>;

/** A draft of the video editor as the Video List shows it: its name, how many scenes, when it was last saved. */
export type VideoDraftSummary = AppSchema<'VideoDraftSummary'>;

/**
 * A draft with the editor's state (`body`), to resume it. The state travels as any body does, its keys snake_cased
 * going out and camelCased coming back, so camelCase state comes back as it was saved.
 */
export type VideoDraft = AppSchema<'VideoDraft'>;

/** A word of the team's pronunciation list and how it is said. */
export type Pronunciation = AppSchema<'Pronunciation'>;

export type Page<T> = { items: T[]; page: number; pageSize: number; total: number };

/** A change pushed by GET /api/teams/{teamId}/events. */
export type StatusEvent = { kind: ItemKind; id: string; status: ItemStatus; reason: string | null };
/** An avatar in progress moved on, pushed by the same stream. */
export type ProgressEvent = { kind: 'avatar'; id: string; stage: AvatarStage | null; progress: number | null };
