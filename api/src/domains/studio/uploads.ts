// Finished uploads taken into the studio: an avatar's footage or photo, a voice's recording, a video's audio, a background, a document.
import { extname } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { type AppContext } from '../app-context';
import { uploads } from '../../db/schema';
import { fail } from '../../lib/errors';
import { contentTypeOf } from '../../storage/media-store';
import type { UploadPurpose } from '@kagami/shared/validation';

/** A finished upload of this team and purpose, ready to become an avatar, voice, video or background. */
export async function readyUpload(ctx: AppContext, teamId: string, uploadId: string, purposes: UploadPurpose[]) {
  const [upload] = await ctx.db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.teamId, teamId)));
  if (!upload || upload.status !== 'complete' || !purposes.includes(upload.purpose)) throw fail(400, 'upload_not_ready');
  return upload;
}

/** Takes the upload out of the upload area (so it is used once) into the item's input file (named with `extension`, or the upload's own). */
export async function adoptUpload(ctx: AppContext, upload: typeof uploads.$inferSelect, fileName: string, extension?: string) {
  const [claimed] = await ctx.db.delete(uploads).where(eq(uploads.id, upload.id)).returning({ id: uploads.id });
  if (!claimed) throw fail(400, 'upload_not_ready');
  const file = `${fileName}${
    extension ??
    (extname(upload.fileName)
      .toLowerCase()
      .replace(/[^.a-z0-9]/g, '') ||
      '.bin')
  }`;
  await ctx.uploadArea.adopt(upload.id, ctx.assets.keyOf('avatar_input', file), contentTypeOf(file));
  return file;
}
