// How the app's API shows avatars, voices and videos: their JSON, with links to their files, progress and whether an
// avatar's consent was verified.
import type { avatars, videos, voices } from '../../db/schema';
import { genderOfPitch } from '../../engine';
import { videoFieldsJson } from './video-shape';

/** The person was checked by a consent clip: the same face, alive and speaking, the phrase's code heard. */
export const consentVerified = (a: typeof avatars.$inferSelect) =>
  a.consentMethod === 'video' && a.status === 'ready' && a.consentReview === null;

export const assetUrl = (category: string, file: string | null) => (file ? `/assets/data/${category}/${file}` : null);

/** While an avatar is made: the step it is on and how far through (0-100) it is; 100 once ready, null when failed. */
export const avatarProgressJson = (a: typeof avatars.$inferSelect) => ({
  stage: a.status === 'in_progress' ? a.stage : null,
  progress: a.status === 'ready' ? 100 : a.status === 'in_progress' ? a.progress : null,
});

export function avatarJson(a: typeof avatars.$inferSelect) {
  return {
    id: a.id,
    name: a.name,
    language: a.language,
    status: a.status,
    reason: a.reason,
    source_kind: a.sourceKind,
    ...avatarProgressJson(a),
    preview: assetUrl('avatar_output', a.preview),
    default_voice_id: a.defaultVoiceId,
    /** face-api's estimate for the face (null when unsure): its built-in voice speaks when it has none of its own. */
    gender: a.gender,
    created_by: a.createdBy,
    created_at: a.createdAt,
    consent: {
      text: a.consentText,
      given_by: a.consentBy,
      given_at: a.consentAt,
      method: a.consentMethod,
      verified: consentVerified(a),
      /** Set while an operator is to confirm the clip's phrase (`language_unverified`, `recogniser_unavailable`). */
      review: a.consentReview,
      clip: assetUrl('avatar_input', a.consentClip),
    },
  };
}

export function voiceJson(v: typeof voices.$inferSelect) {
  return {
    id: v.id,
    name: v.name,
    language: v.language,
    status: v.status,
    reason: v.reason,
    gender: genderOfPitch(v.medianPitchHz),
    sample: assetUrl('audio_output', v.sample),
    /** Who made the voice: the speech provider that cloned the speaker (`elevenlabs`), or null (a local voice matched to the recording's pitch and pace). */
    cloned_by: v.cloneProvider,
    created_by: v.createdBy,
    created_at: v.createdAt,
  };
}

export function videoJson(v: typeof videos.$inferSelect & { creatorName?: string | null }) {
  const shared = videoFieldsJson(v);
  return {
    id: v.id,
    name: v.name,
    ...shared,
    reason: v.reason,
    creator: v.creatorName ?? null,
    created_by: v.createdBy,
    /** Made in the app by a member, or through the public API with the team's key (no member: shown as "API"). */
    created_via: v.source,
    /** A long video rendered in parts by several workers, while it is made: how many parts there are and how many are made. */
    segments: v.status === 'in_progress' && v.segments ? { done: v.segmentsDone, total: v.segments } : null,
    captions: {
      ...shared.captions,
      srt: v.status === 'ready' && v.captions ? assetUrl('video_output', `${v.captions}.srt`) : null,
      vtt: v.status === 'ready' && v.captions ? assetUrl('video_output', `${v.captions}.vtt`) : null,
    },
    thumbnail: v.status === 'ready' ? assetUrl('video_output', v.thumbnail) : null,
    /** What made the talking face of a ready video: `local` (this install's renderer) or the lip-sync provider. */
    engine: v.status === 'ready' ? (v.lipsyncEngine ?? 'local') : null,
    downloadable: v.status === 'ready' && Boolean(v.output),
    download: v.status === 'ready' ? assetUrl('video_output', v.output) : null,
  };
}
