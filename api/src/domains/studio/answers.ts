// The app's answers about avatars, voices, videos and backgrounds, for the OpenAPI document (/api/docs).
import * as v from 'valibot';
import { AVATAR_STAGES } from '@kagami/shared/validation';
import { asset, text, time } from '../../routing/operations';
import { status, videoFields } from './video-shape';

export const Avatar = v.pipe(
  v.object({
    id: v.string(),
    name: v.string(),
    language: v.string(),
    status,
    reason: text,
    source_kind: v.picklist(['video', 'photo']),
    stage: v.nullable(v.picklist(['queued', ...AVATAR_STAGES])),
    progress: v.nullable(v.number()),
    preview: asset,
    default_voice_id: text,
    gender: v.nullable(v.picklist(['female', 'male'])),
    created_by: text,
    created_at: time,
    consent: v.object({
      text: text,
      given_by: text,
      given_at: v.nullable(time),
      method: v.picklist(['typed', 'video']),
      verified: v.boolean(),
      review: v.nullable(v.picklist(['language_unverified', 'recogniser_unavailable'])),
      clip: asset,
    }),
  }),
  v.title('AppAvatar'),
);

export const Voice = v.pipe(
  v.object({
    id: v.string(),
    name: v.string(),
    language: v.string(),
    status,
    reason: text,
    gender: v.nullable(v.picklist(['female', 'male'])),
    sample: asset,
    cloned_by: text,
    created_by: text,
    created_at: time,
  }),
  v.title('AppVoice'),
);

export const Video = v.pipe(
  v.object({
    id: v.string(),
    name: v.string(),
    ...videoFields,
    voice_id: v.pipe(
      videoFields.voice_id,
      v.description('The voice model or built-in voice that speaks the script; null for uploaded audio.'),
    ),
    reason: text,
    creator: v.pipe(text, v.description('The member who made it; null when made through the public API.')),
    created_by: text,
    created_via: v.picklist(['app', 'api']),
    segments: v.pipe(
      v.nullable(v.object({ done: v.number(), total: v.number() })),
      v.description('While a long video is rendered in parts by several workers: how many parts there are and how many are made.'),
    ),
    captions: v.object({ ...videoFields.captions.entries, srt: asset, vtt: asset }),
    thumbnail: asset,
    engine: v.pipe(text, v.description('What made the talking face of a ready video: `local` or the lip-sync provider.')),
    downloadable: v.boolean(),
    download: asset,
  }),
  v.title('AppVideo'),
);

export const LibraryVoice = v.pipe(
  v.object({
    id: v.string(),
    name: v.string(),
    language: v.pipe(text, v.description("Null for a speech provider's voice, which speaks every language.")),
    gender: v.nullable(v.picklist(['female', 'male'])),
    accent: text,
    engine: v.string(),
    preview_url: v.string(),
  }),
  v.title('LibraryVoice'),
);

/** One page of a document: its picture and thumbnail, its text (lines), and the picture's size in pixels. */
export const DocumentPage = v.pipe(
  v.object({ page: v.number(), thumbnail: asset, image: asset, text: v.string(), width: v.number(), height: v.number() }),
  v.title('DocumentPage'),
);

export const Document = v.pipe(
  v.object({
    id: v.string(),
    name: v.string(),
    status,
    reason: text,
    page_count: v.number(),
    pages: v.array(DocumentPage),
    created_at: time,
  }),
  v.title('Document'),
);

export const DocumentSummary = v.pipe(
  v.object({ id: v.string(), name: v.string(), status, reason: text, page_count: v.number(), created_at: time }),
  v.title('DocumentSummary'),
);

export const Background = v.pipe(
  v.object({ id: v.string(), kind: v.picklist(['image', 'video']), name: v.string(), preview: asset, created_at: time }),
  v.title('Background'),
);
