// Resumable uploads on /api/uploads: the API authenticates a session or API key and hands the request to the tus
// server; a member's pre-upload check, the OpenAPI entries of the tus requests, and the hourly sweep of old uploads.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AppContext } from '../app-context';
import { everyHour } from '../../routing/hourly';
import * as v from 'valibot';
import { bearerToken, currentUser, signedIn } from '../auth/guard';
import { requireMembership } from '../teams/membership';
import { assertUploadAllowed } from './allowance';
import { UPLOAD_PURPOSES } from '@kagami/shared/validation';
import { teamForKeyHeader } from '../api-keys/service';
import { createTusServer, PRINCIPAL_HEADER, UPLOADS_PATH } from './tus-server';
import { refusal } from '../public-api/refusal';
import { removeUnusedUploads } from './unused';
import { documented, json, done } from '../../routing/operations';
import type { App } from '../../routing/typed';
import { teamParams } from '../../routing/params';

declare module 'fastify' {
  interface FastifyInstance {
    /** Removes unfinished uploads past their expiry and finished ones left unused as long (also run hourly); returns how many. */
    removeExpiredUploads: () => Promise<number>;
  }
}

/** `user:<id>` for a live session, `key:<team id>` for a team's API key in X-API-Key, null for neither. */
async function principalOf(request: FastifyRequest, reply: FastifyReply, ctx: AppContext) {
  if (request.headers['x-api-key'] !== undefined) {
    const team = await teamForKeyHeader(ctx.db, request, reply);
    return team ? `key:${team.id}` : null;
  }
  const token = bearerToken(request);
  const session = token ? await ctx.authCache.findSession(token) : null;
  return session ? `user:${session.user.id}` : null;
}

const tusOperation = (id: string, summary: string, description: string, response: Record<number, unknown>) => ({
  operationId: id,
  tags: ['Uploads'],
  summary,
  description: `${description} The tus 1.0 resumable upload protocol (https://tus.io/protocols/resumable-upload): every request but OPTIONS carries \`Tus-Resumable: 1.0.0\`.`,
  response,
});
const noBody = (description: string, headers: Record<string, { type: string; description: string }> = {}) => ({
  type: 'null',
  description,
  headers,
});
const ofAnUpload = {
  401: refusal('No session or API key: `unauthorized`.'),
  404: refusal('No such upload of the caller: `not_found`.'),
  410: refusal('The upload expired unfinished: `upload_expired`.'),
};
const wildcard = `${UPLOADS_PATH}/*`;

/**
 * The tus requests the OpenAPI document names, by method and address. Every method is routed on both addresses, as
 * the tus server answers them (GET, OPTIONS and the rest are the protocol's own, left out of the document).
 */
const TUS_DOCUMENTED: Record<string, Record<string, unknown>> = {
  [`POST ${UPLOADS_PATH}`]: tusOperation(
    'createUpload',
    'Create an upload',
    'Begins an upload: `Upload-Length` (bytes) and `Upload-Metadata` (base64 `purpose`, `team_id`, and `duration` in seconds where it counts against the allowance) say what it is; it is refused here when the purpose, size or allowance does not allow it.',
    {
      201: noBody('Created.', { Location: { type: 'string', description: 'The upload’s address, to send its bytes to.' } }),
      400: refusal('`upload_purpose_invalid`, `upload_length_required`, `file_empty` or `upload_request_invalid`.'),
      401: refusal('No session or API key: `unauthorized`.'),
      402: refusal('The allowance is used up: `quota_exceeded`, or `api_subscription_required` for a key.'),
      404: refusal('Not a team of the caller: `not_found`.'),
      413: refusal(
        'Larger than the purpose allows: `video_too_large`, `image_too_large`, `audio_too_large` or `document_too_large`, with `max_bytes`.',
      ),
    },
  ),
  [`HEAD ${wildcard}`]: tusOperation(
    'getUploadOffset',
    'Read how much has arrived',
    'How many bytes the server has, to resume from there.',
    {
      200: noBody('The offset.', { 'Upload-Offset': { type: 'integer', description: 'Bytes received.' } }),
      ...ofAnUpload,
    },
  ),
  [`PATCH ${wildcard}`]: tusOperation(
    'appendUpload',
    'Send bytes',
    'Sends the bytes from `Upload-Offset` as `Content-Type: application/offset+octet-stream`. The last ones complete the upload, whose content is then checked (a refused one is answered 422 with its code, such as `not_an_image` or `not_a_pdf`). A finished upload is named once, by the avatar, voice, video or background it becomes; one left unnamed for the upload expiry (a day unless configured) is removed. A document (purpose `document`) becomes the team’s document at once, under the upload’s id. A logo or picture (purpose `image`: PNG, JPEG or WebP by its content) is named by an image element’s or the brand kit’s `upload_id` and is not a background.',
    {
      204: noBody('Received.', { 'Upload-Offset': { type: 'integer', description: 'Bytes received now.' } }),
      409: refusal('`Upload-Offset` is not where the upload is: `upload_offset_mismatch`.'),
      413: refusal('More bytes than `Upload-Length`: `upload_too_large`.'),
      415: refusal('Not `application/offset+octet-stream`: `unsupported_media_type`.'),
      ...ofAnUpload,
    },
  ),
  [`DELETE ${wildcard}`]: tusOperation('deleteUpload', 'Abandon an upload', 'The upload and its bytes are removed.', {
    204: noBody('Removed.'),
    ...ofAnUpload,
  }),
};

/** Mounts tus on /api/uploads: Fastify authenticates, then hands the raw request to the tus server. */
export function uploadRoutes(app: App, ctx: AppContext) {
  const tus = createTusServer(ctx, app.log);

  // tus bodies are raw bytes: leave the stream unread for the tus server.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    // tus builds its Request from rawHeaders: drop any client-sent copy, then add the verified principal.
    const raw = request.raw.rawHeaders;
    for (let i = raw.length - 2; i >= 0; i -= 2) if (raw[i]!.toLowerCase() === PRINCIPAL_HEADER) raw.splice(i, 2);
    if (request.method !== 'OPTIONS') {
      const principal = await principalOf(request, reply, ctx);
      if (!principal) return reply.status(401).send({ code: 'unauthorized', message: 'Sign in to continue.' });
      raw.push(PRINCIPAL_HEADER, principal);
    }
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };
  for (const url of [UPLOADS_PATH, wildcard]) {
    for (const method of ['GET', 'POST', 'PATCH', 'HEAD', 'DELETE', 'OPTIONS']) {
      const schema = TUS_DOCUMENTED[`${method} ${url}`] ?? { hide: true };
      // The document leaves out HEAD routes unless told: tus's HEAD is how an upload resumes.
      const config = { rateLimit: false, swagger: { exposeHeadRoute: method === 'HEAD' } };
      app.route({ method, url, handler, schema, exposeHeadRoute: false, config: config as never });
    }
  }
  // A member's check of an upload before sending it.
  signedIn((app) => {
    // Asked by the upload dialogs when a file is chosen: the same refusals the upload's creation would meet, before any byte.
    const checkBody = v.object({
      purpose: v.picklist(UPLOAD_PURPOSES, 'validation.invalid'),
      size_bytes: v.pipe(v.number('validation.number'), v.integer('validation.number'), v.minValue(0, 'validation.invalid')),
      duration_seconds: v.optional(v.pipe(v.number('validation.number'), v.minValue(0, 'validation.invalid'))),
    });
    app.post(
      '/api/teams/:teamId/uploads/check',
      {
        schema: {
          ...documented({
            id: 'checkUpload',
            tag: 'Uploads',
            summary: 'Check an upload before sending it',
            description: 'The refusals the upload’s creation would meet (purpose, size, length, quota), before any byte.',
            answers: { 200: json('The upload would be accepted.', done('allowed')) },
            refusals: {
              400: ['file_empty'],
              402: ['quota_exceeded'],
              413: ['video_too_large', 'image_too_large', 'audio_too_large', 'document_too_large'],
            },
          }),
          params: teamParams,
          body: checkBody,
        },
      },
      async (request) => {
        const { teamId } = request.params;
        await requireMembership(ctx.db, teamId, currentUser(request).user.id);
        const body = request.body;
        await assertUploadAllowed(ctx.db, {
          teamId,
          productType: 'app',
          purpose: body.purpose,
          sizeBytes: body.size_bytes,
          durationSeconds: body.duration_seconds,
        });
        return { allowed: true };
      },
    );
  })(app, ctx);

  const removeExpired = async () => (await tus.cleanUpExpiredUploads()) + (await removeUnusedUploads(ctx));
  app.decorate('removeExpiredUploads', removeExpired);
  everyHour(app, 'upload sweep', removeExpired);
}
