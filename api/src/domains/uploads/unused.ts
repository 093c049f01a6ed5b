// Finished uploads that nobody took into the studio: without this, an upload made through the public API and never
// named by an avatar, voice, video or background would keep its bytes until its team is deleted.
import { and, eq, lt } from 'drizzle-orm';
import type { AppContext } from '../../context';
import { uploads } from '../../db/schema';

/** Removes finished uploads unused for `UPLOAD_EXPIRY_SECONDS` since they finished, rows and bytes; returns how many. */
export async function removeUnusedUploads(ctx: AppContext) {
  const finishedBefore = new Date(Date.now() - ctx.config.uploadExpirySeconds * 1000);
  // Deleting the row claims the upload, as taking it into the studio does: of the two, only one gets it.
  const claimed = await ctx.db
    .delete(uploads)
    .where(and(eq(uploads.status, 'complete'), lt(uploads.completedAt, finishedBefore)))
    .returning({ id: uploads.id });
  for (const { id } of claimed) await ctx.uploadArea.remove(id);
  return claimed.length;
}
