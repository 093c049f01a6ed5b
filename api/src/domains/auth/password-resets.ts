// Password reset links. A link belongs to the address it was mailed to and works once, within the hour, while
// that is still the account's address. Whatever secures the account again (a new password by any way, a
// confirmed e-mail change, the account's deletion) revokes every link still outstanding, with the sessions.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { UiLanguage } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import type { Database, Transaction } from '../../db/connect';
import { passwordResets, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { hashPassword, randomToken, sha256 } from '../../lib/secrets';
import { mailTemplates } from '../../mail/templates';
import { revokeUserSessions } from './sessions';

export const RESET_TTL_MINUTES = 60;

type Account = { id: string; email: string; language: string | null };

/** A new link for the account's current address: its address in the app, to put in a mail. */
export async function newResetLink(ctx: AppContext, user: Account) {
  const token = randomToken();
  await ctx.db.insert(passwordResets).values({
    userId: user.id,
    email: user.email,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + RESET_TTL_MINUTES * 60_000),
  });
  return `${ctx.config.publicAppUrl}/reset-password?token=${token}`;
}

/** Mails the account's owner a link to choose a new password. */
export async function mailResetLink(ctx: AppContext, user: Account, language?: UiLanguage) {
  const lang = language ?? (user.language === 'ja' ? 'ja' : 'en');
  await ctx.mailer.send(mailTemplates.passwordReset(user.email, lang, await newResetLink(ctx, user), RESET_TTL_MINUTES));
}

/** Every outstanding link of the account stops working. */
export async function revokeResetLinks(db: Database | Transaction, userId: string) {
  await db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** Sets the password a live link was made for; the account's every link and session ends. Returns the account. */
export async function resetPassword(ctx: AppContext, token: string, password: string) {
  const [found] = await ctx.db
    .select({ reset: passwordResets, email: users.email })
    .from(passwordResets)
    .innerJoin(users, eq(users.id, passwordResets.userId))
    .where(
      and(
        eq(passwordResets.tokenHash, sha256(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
        isNull(users.deletedAt),
      ),
    );
  if (!found || found.reset.email !== found.email) throw fail(401, 'reset_link_invalid');
  const { userId } = found.reset;
  const passwordHash = await hashPassword(password);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, userId));
    await revokeResetLinks(tx, userId);
  });
  await revokeUserSessions(ctx.db, userId);
  return { id: userId, email: found.email };
}
