// GET /api/v1/openapi.json: the public API's OpenAPI 3.1 document, made from the routes' own schemas
// (so it cannot drift from them), with the key's security scheme and every error code and its meaning.
import { messageTemplate } from '../../lib/messages';
import { TAGS } from './operations';
import { referencedSchemas } from '../../routing/openapi-components';
import type { App } from '../../routing/typed';

/** The codes an /api/v1 call can answer with, the reasons a creation can fail with later, and why a webhook attempt failed. */
export const API_ERROR_CODES = [
  'api_key_invalid',
  'api_key_required',
  'validation_failed',
  'cursor_invalid',
  'not_found',
  'api_subscription_required',
  'quota_exceeded',
  'capacity_exhausted',
  'upload_not_ready',
  'avatar_not_ready',
  'voice_not_ready',
  'voice_language_mismatch',
  'pronunciations_full',
  'script_or_audio_required',
  'placement_needs_background',
  'background_kind_mismatch',
  'background_missing',
  'text_too_long',
  'script_refused',
  'consent_required',
  'upload_too_large',
  'unsupported_video_format',
  'moderation_unavailable',
  'idempotency_key_invalid',
  'idempotency_key_reused',
  'idempotency_key_in_use',
  'rate_limited',
  'database_unavailable',
  'too_many_wrong_keys',
  'webhook_url_invalid',
  'webhook_url_https_required',
  'webhook_url_unresolvable',
  'webhook_url_private',
  'webhook_endpoint_limit',
  'webhook_timeout',
  'webhook_connection_failed',
  'webhook_destination_private',
  'webhook_redirect',
  'webhook_status',
  'no_face_detected',
  'consent_clip_silent',
  'consent_clip_too_short',
  'consent_clip_too_long',
  'consent_face_mismatch',
  'consent_not_live',
  'consent_no_speech',
  'consent_phrase_mismatch',
  'consent_phrase_expired',
  'multiple_faces',
  'face_too_small',
  'head_turned',
  'lips_never_closed',
  'face_not_steady',
  'lips_open',
  'not_an_image',
  'no_speech_detected',
  'audio_unreadable',
  'scene_unreadable',
  'brand_clip_unreadable',
  'avatar_missing',
  'lipsync_unavailable',
  'lipsync_failed',
  'lipsync_bad_output',
  'speech_provider_unavailable',
  'taken_down',
  'speech_provider_quota',
  'speech_voice_refused',
  'processing_failed',
  'storage_full',
] as const;

type Document = { paths?: Record<string, unknown>; components?: Record<string, unknown>; [key: string]: unknown };

/** The API's release, from its package: what ops read in the reference's About. */
const API_VERSION = (require('../../../package.json') as { version: string }).version;

export function publicApiDocument(app: App) {
  // The app's document (app-document.ts) has every route, its titled schemas already components.
  const all = app.swagger() as Document & { components?: { schemas?: Record<string, unknown> } };
  const paths = Object.fromEntries(Object.entries(all.paths ?? {}).filter(([path]) => path.startsWith('/api/v1/')));
  const schemas = referencedSchemas(paths, all.components?.schemas ?? {});
  const codes = API_ERROR_CODES.map((code) => `| \`${code}\` | ${messageTemplate(code).replace(/\|/g, '\\|')} |`).join('\n');
  return {
    openapi: '3.1.0',
    info: {
      title: 'Kagami API',
      version: API_VERSION,
      description: [
        "Create avatars, voice models and talking videos from code. Every call takes the team's API key in `X-API-Key`.",
        'Errors are JSON `{ code, message }` (with `fields` for bad bodies). The codes:',
        '',
        '| code | meaning |',
        '| --- | --- |',
        codes,
        '',
        '## About',
        '',
        `This API is version ${API_VERSION}. Each part of the web app answers its own deployed version at \`/version.json\` on its origin (the shell and each remote).`,
      ].join('\n'),
    },
    servers: [{ url: '/', description: 'This deployment' }],
    security: [{ apiKey: [] }],
    tags: TAGS,
    paths,
    components: {
      schemas,
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: "A team's API key, made in the app's API settings." },
      },
    },
  };
}
