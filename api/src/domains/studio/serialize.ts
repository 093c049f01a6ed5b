import type { avatars, videos, voices } from '../../db/schema';

export const assetUrl = (category: string, file: string | null) => (file ? `/assets/data/${category}/${file}` : null);

export function avatarJson(a: typeof avatars.$inferSelect) {
  return {
    id: a.id,
    name: a.name,
    language: a.language,
    status: a.status,
    reason: a.reason,
    preview: assetUrl('avatar_output', a.preview),
    default_voice_id: a.defaultVoiceId,
    created_by: a.createdBy,
    created_at: a.createdAt,
    consent: { text: a.consentText, given_by: a.consentBy, given_at: a.consentAt },
  };
}

export function voiceJson(v: typeof voices.$inferSelect) {
  return {
    id: v.id,
    name: v.name,
    language: v.language,
    status: v.status,
    reason: v.reason,
    sample: assetUrl('audio_output', v.sample),
    created_by: v.createdBy,
    created_at: v.createdAt,
  };
}

export function videoJson(v: typeof videos.$inferSelect & { creatorName?: string | null }) {
  return {
    id: v.id,
    name: v.name,
    avatar_id: v.avatarId,
    voice_id: v.voiceId,
    language: v.language,
    status: v.status,
    reason: v.reason,
    creator: v.creatorName ?? null,
    created_by: v.createdBy,
    duration_seconds: v.durationMs === null ? null : v.durationMs / 1000,
    subtitles: v.subtitles,
    downloadable: v.status === 'ready' && Boolean(v.output),
    download: v.status === 'ready' ? assetUrl('video_output', v.output) : null,
    created_at: v.createdAt,
  };
}
