// How a job's item ends beyond its own work: failed with a reason the user can read (its quota given back), and its
// creator told by mail.
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context';
import { avatars, users, videos, voices } from '../../../db/schema';
import { mailTemplates } from '../../../mail/templates';
import { refund } from '../../billing/quota';

export type Table = typeof avatars | typeof voices | typeof videos;

/**
 * Marks a job's row failed with a reason the user can read, and gives its quota back, in one transaction: a reader who
 * sees it failed never finds its minutes still taken. Only rows still in progress change.
 */
export async function markFailed(ctx: AppContext, table: Table, id: string, reason: string) {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .update(table)
      .set({ status: 'failed', reason })
      .where(and(eq(table.id, id), eq(table.status, 'in_progress')))
      .returning();
    if (row) await refund(tx, id);
    return row ?? null;
  });
}

export async function notify(ctx: AppContext, userId: string | null, kind: 'avatar' | 'video', name: string, ok: boolean, reason?: string) {
  if (!userId) return;
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user || user.deletedAt) return;
  const href = `${ctx.config.publicAppUrl}/${kind === 'avatar' ? 'avatars' : 'videos'}`;
  await ctx.mailer
    .send(mailTemplates.creationFinished(user.email, user.language === 'ja' ? 'ja' : 'en', kind, name, ok, href, reason))
    .catch(() => undefined);
}
