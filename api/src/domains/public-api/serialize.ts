// The public API's JSON of avatars, voices and videos: snake_case, ISO dates, absolute signed links.
// The same shapes go out in webhook events.
import type { FastifyRequest } from 'fastify';
import { type AppContext } from '../app-context';
import type { avatars, videos, voices } from '../../db/schema';
import { type BuiltinVoice, genderOfPitch, PROVIDER_VOICE_PREFIX } from '../../engine';
import { type ProviderVoice } from '../../config/providers';
import { builtinPreviewPath } from '../studio/voice-library';
import { signPath, SIGNED_URL_SECONDS } from '../assets/signing';
import { avatarProgressJson, consentVerified } from '../studio/serialize';
import { videoFieldsJson } from '../studio/video-shape';

/** Where this API is reached: from the request in answers, from PUBLIC_API_URL in webhook events. */
export const baseUrlOf = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/** A signed, expiring address of a stored file, absolute so a script can fetch it as is. */
export function signedUrl(ctx: AppContext, base: string, category: string, file: string | null) {
  if (!file) return null;
  return `${base}${signPath(ctx.signingKey, `/assets/signed/${category}/${file}`)}`;
}

export const avatarJson = (ctx: AppContext, base: string, a: typeof avatars.$inferSelect) => ({
  id: a.id,
  name: a.name,
  language: a.language,
  status: a.status,
  failure_reason: a.reason,
  source_kind: a.sourceKind,
  ...avatarProgressJson(a),
  preview_url: signedUrl(ctx, base, 'avatar_output', a.preview),
  default_voice_id: a.defaultVoiceId,
  consent: { method: a.consentMethod, verified: consentVerified(a), review: a.consentReview },
  created_at: a.createdAt,
});

export const voiceJson = (ctx: AppContext, base: string, voice: typeof voices.$inferSelect) => ({
  id: voice.id,
  kind: 'custom' as const,
  name: voice.name,
  language: voice.language,
  gender: genderOfPitch(voice.medianPitchHz),
  cloned_by: voice.cloneProvider,
  status: voice.status,
  failure_reason: voice.reason,
  sample_url: signedUrl(ctx, base, 'audio_output', voice.sample),
  preview_url: signedUrl(ctx, base, 'audio_output', voice.sample),
  created_at: voice.createdAt,
});

/** A voice of the speech provider as the public API shows it (`provider-<id>` in a video's `voice_id`). */
export const providerVoiceJson = (base: string, voice: ProviderVoice) => {
  const id = `${PROVIDER_VOICE_PREFIX}${voice.id}`;
  return {
    id,
    kind: 'provider' as const,
    name: voice.name,
    language: null,
    gender: voice.gender,
    cloned_by: null,
    status: 'ready' as const,
    failure_reason: null,
    sample_url: `${base}${builtinPreviewPath(id)}`,
    preview_url: `${base}${builtinPreviewPath(id)}`,
    created_at: null,
  };
};

/** A built-in voice of the library as the public API shows it (`voice_id` of a video may name it). */
export const builtinVoiceJson = (base: string, voice: BuiltinVoice) => ({
  id: voice.id,
  kind: 'builtin' as const,
  name: voice.name,
  language: voice.language,
  gender: voice.gender,
  cloned_by: null,
  status: 'ready' as const,
  failure_reason: null,
  sample_url: `${base}${builtinPreviewPath(voice.id)}`,
  preview_url: `${base}${builtinPreviewPath(voice.id)}`,
  created_at: null,
});

export const videoJson = (ctx: AppContext, base: string, video: typeof videos.$inferSelect) => {
  const ready = video.status === 'ready' && Boolean(video.output);
  const shared = videoFieldsJson(video);
  return {
    id: video.id,
    title: video.name,
    ...shared,
    failure_reason: video.reason,
    captions: {
      ...shared.captions,
      srt_url: ready && video.captions ? signedUrl(ctx, base, 'video_output', `${video.captions}.srt`) : null,
      vtt_url: ready && video.captions ? signedUrl(ctx, base, 'video_output', `${video.captions}.vtt`) : null,
    },
    thumbnail_url: ready ? signedUrl(ctx, base, 'video_output', video.thumbnail) : null,
    callback_url: video.callbackUrl,
    download_url: ready ? signedUrl(ctx, base, 'video_output', video.output) : null,
    download_url_expires_at: ready ? new Date(Date.now() + SIGNED_URL_SECONDS * 1000) : null,
  };
};
