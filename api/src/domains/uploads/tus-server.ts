// The tus server behind /api/uploads: checks who may create an upload for which team and purpose, keeps later requests
// to whoever started it, checks the content once done, and answers its refusals as the API's JSON errors.
import { and, eq, isNull } from 'drizzle-orm';
import { Server, type Upload } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import { type AppContext } from '../app-context';
import { uploads } from '../../db/schema';
import { errorMessage } from '../../lib/messages';
import { probeMedia } from '../../media/probe';
import { findMembership } from '../teams/membership';
import { AppError } from '../../lib/errors';
import { assertUploadAllowed } from './allowance';
import { UPLOAD_PURPOSES, type UploadPurpose } from '@kagami/shared/validation';
import {
  checkContent,
  checkCsvUpload,
  checkDocumentUpload,
  checkFontUpload,
  checkPictureUpload,
  MAX_BYTES,
  PICTURE_PURPOSES,
} from './limits';
import { startDocument } from '../studio/documents';
import { imageSize } from '../../media/image-size';
import { checkPixels } from '../../media/validate';

export const UPLOADS_PATH = '/api/uploads';
/**
 * Set by the API itself after authenticating a request (a client's own value is always replaced): `user:<id>`
 * for a member's session, `key:<team id>` for a team's API key.
 */
export const PRINCIPAL_HEADER = 'x-kagami-authenticated-principal';

/** Who sent a tus request, as the API authenticated it. */
function principalOf(req: Request): { userId: string } | { keyTeamId: string } | null {
  const [kind, id] = (req.headers.get(PRINCIPAL_HEADER) ?? '').split(':');
  if (!id) return null;
  return kind === 'user' ? { userId: id } : kind === 'key' ? { keyTeamId: id } : null;
}

/** What a browser's tus client sends and must read, for the CORS preflight (answered before tus sees it). */
export const TUS_REQUEST_HEADERS = [
  'Tus-Resumable',
  'Upload-Length',
  'Upload-Metadata',
  'Upload-Offset',
  'Upload-Defer-Length',
  'Upload-Concat',
  'X-HTTP-Method-Override',
];
export const TUS_RESPONSE_HEADERS = [
  'Location',
  'Tus-Resumable',
  'Tus-Version',
  'Tus-Max-Size',
  'Tus-Extension',
  'Upload-Offset',
  'Upload-Length',
  'Upload-Metadata',
  'Upload-Expires',
];

const refuse = (status_code: number, code: string, fields: Record<string, unknown> = {}) => ({
  status_code,
  body: JSON.stringify({ code, message: errorMessage(code), ...fields }),
});

/** tus's own refusals (plain text) as the API's JSON errors, by status. */
const TUS_CODES: Record<number, string> = {
  400: 'upload_request_invalid',
  403: 'forbidden',
  404: 'not_found',
  409: 'upload_offset_mismatch',
  410: 'upload_expired',
  412: 'upload_request_invalid',
  413: 'upload_too_large',
  415: 'unsupported_media_type',
};

/** Every answer of the server goes through `write`: its plain-text refusals leave as JSON errors. */
function answerErrorsInJson(server: Server) {
  const write = server.write.bind(server);
  server.write = (context, headers, status, body = '') => {
    if (status < 400 || !body || body.trimStart().startsWith('{')) return write(context, headers, status, body);
    headers.set('Content-Type', 'application/json; charset=utf-8');
    return write(context, headers, status, refuse(status, TUS_CODES[status] ?? 'upload_request_invalid').body);
  };
  return server;
}

/**
 * The tus server for resumable uploads: files stream to the upload area (this host's folder or the bucket) in constant
 * memory, survive dropped connections and restarts, expire when left unfinished, and are checked by content when done.
 */
export function createTusServer(ctx: AppContext, log: FastifyBaseLogger) {
  const { db, config, uploadArea } = ctx;

  const server = new Server({
    path: UPLOADS_PATH,
    datastore: uploadArea.datastore,
    respectForwardedHeaders: true,
    allowedOrigins: config.corsOrigins,
    allowedHeaders: ['Authorization', 'X-API-Key'],
    maxSize: MAX_BYTES.avatar_video,

    async onUploadCreate(req: Request, upload: Upload) {
      const principal = principalOf(req);
      const meta = upload.metadata ?? {};
      const purpose = meta.purpose as UploadPurpose;
      if (!UPLOAD_PURPOSES.includes(purpose)) throw refuse(400, 'upload_purpose_invalid');
      // A member names a team they belong to; a team's key uploads for its team (naming no other).
      const teamId = principal && 'keyTeamId' in principal ? (meta.team_id ?? principal.keyTeamId) : meta.team_id;
      const allowed =
        principal && teamId && /^[0-9a-f-]{36}$/.test(teamId)
          ? 'keyTeamId' in principal
            ? teamId === principal.keyTeamId
            : Boolean(await findMembership(db, teamId, principal.userId))
          : false;
      if (!allowed) throw refuse(404, 'not_found');
      if (upload.size === undefined) throw refuse(400, 'upload_length_required');
      const duration = Number(meta.duration);
      await assertUploadAllowed(db, {
        teamId: teamId!,
        productType: 'keyTeamId' in principal! ? 'api' : 'app',
        purpose,
        sizeBytes: upload.size,
        durationSeconds: Number.isFinite(duration) && duration > 0 ? duration : undefined,
      }).catch((error: unknown) => {
        if (error instanceof AppError)
          throw { status_code: error.status, body: JSON.stringify({ code: error.code, message: error.message, ...error.fields }) };
        throw error;
      });
      await db.insert(uploads).values({
        id: upload.id,
        teamId: teamId!,
        userId: 'userId' in principal! ? principal.userId : null,
        purpose,
        fileName: (meta.filename ?? meta.name ?? 'upload').slice(0, 255),
        mimeType: (meta.filetype ?? 'application/octet-stream').slice(0, 100),
        size: upload.size,
      });
      return {};
    },

    /** Every request after creation must come from who started the upload: the same user, or the same team's key. */
    async onIncomingRequest(req: Request, uploadId: string) {
      if (req.method === 'POST' || req.method === 'OPTIONS') return;
      const principal = principalOf(req);
      if (!principal) throw refuse(404, 'not_found');
      const owner =
        'userId' in principal ? eq(uploads.userId, principal.userId) : and(eq(uploads.teamId, principal.keyTeamId), isNull(uploads.userId));
      const [row] = await db
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.id, uploadId), owner));
      if (!row) throw refuse(404, 'not_found');
    },

    /** tus errors pass through; anything unexpected is logged and answered without its details. */
    async onResponseError(_req: Request, error: Error | { status_code: number; body: string }) {
      if ('status_code' in error) return error;
      log.error({ err: error }, 'upload failed');
      return refuse(500, 'upload_failed');
    },

    async onUploadFinish(_req: Request, upload: Upload) {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, upload.id));
      const purpose = row!.purpose;
      const { probe, pages, rejection } = await uploadArea.withLocal(upload.id, async (file) => {
        // A document is read by pdf.js, not ffprobe.
        if (purpose === 'document') {
          const checked = await checkDocumentUpload(file, upload.size ?? 0);
          return 'rejection' in checked ? { probe: null, pages: 0, ...checked } : { probe: null, pages: checked.pages, rejection: null };
        }
        if (purpose === 'font') return { probe: null, pages: 0, rejection: await checkFontUpload(file, upload.size ?? 0) };
        if (purpose === 'image') return { probe: null, pages: 0, rejection: await checkPictureUpload(file, upload.size ?? 0) };
        if (purpose === 'batch_csv') return { probe: null, pages: 0, rejection: await checkCsvUpload(file, upload.size ?? 0) };
        const oversized = PICTURE_PURPOSES.includes(purpose) ? checkPixels(imageSize(file)) : null;
        if (oversized) return { probe: null, pages: 0, rejection: oversized };
        const probe = await probeMedia(file);
        return { probe, pages: 0, rejection: checkContent(purpose, probe, upload.size ?? 0) };
      });
      if (rejection) {
        await db.update(uploads).set({ status: 'rejected', reason: rejection, completedAt: new Date() }).where(eq(uploads.id, upload.id));
        await uploadArea.remove(upload.id);
        return refuse(422, rejection);
      }
      await db
        .update(uploads)
        .set({ status: 'complete', completedAt: new Date(), durationMs: Math.round((probe?.durationSeconds ?? 0) * 1000) })
        .where(eq(uploads.id, upload.id));
      // A document is taken in at once: its pages are rendered while the user goes on.
      if (purpose === 'document') await startDocument(ctx, { ...row!, status: 'complete' }, pages);
      return {};
    },
  });
  return answerErrorsInJson(server);
}
