// Finished uploads that nobody took into the studio: without this, an upload made through the public API and never
// named by an avatar, voice, video or background would keep its bytes until its team is deleted.
import { and, eq, lt } from 'drizzle-orm';
import { type AppContext } from '../app-context';
import { uploads } from '../../db/schema';

/** Removes finished uploads unused for `UPLOAD_EXPIRY_SECONDS` since they finished, rows and bytes; returns how many. */
export async function removeUnusedUploads(ctx: AppContext) {
  const finishedBefore = new Date(Date.now() - ctx.config.uploadExpirySeconds * 1000);
  // Deleting the row claims the upload, as taking it into the studio does: of the two, only one gets it.
  const claimed = await ctx.db
    .delete(uploads)
    .where(and(eq(uploads.status, 'complete'), lt(uploads.completedAt, finishedBefore)))
    .returning({ id: uploads.id });
  // Each one's bytes are removed even when another's removal fails: its row is gone, so no later sweep would find them.
  const removals = await Promise.allSettled(claimed.map(({ id }) => ctx.uploadArea.remove(id)));
  const failed = removals.find((removal) => removal.status === 'rejected');
  if (failed) throw failed.reason;
  return claimed.length;
}
