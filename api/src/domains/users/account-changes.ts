// Changes a user makes to their own account: a new e-mail proved by a code, a new password, and deleting the account
// with the teams they own alone.
import { and, eq, inArray, isNotNull, ne } from 'drizzle-orm';
import type { UiLanguage } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { teamMembers, teams, users, voices } from '../../db/schema';
import { deleteClone, teamFiles } from '../studio/service';
import { errors, fail } from '../../lib/errors';

import { hashPassword, verifyPassword } from '../../lib/secrets';
import { checkCode, consumeCode, sendCode } from '../auth/codes';
import { revokeUserSessions, type SessionUser } from '../auth/sessions';
import { revokeResetLinks } from '../auth/password-resets';
import { assertEmailAvailable } from './accounts';

/** Google manages the address of a Google account; everyone else proves the new address with a code. */
export async function requestEmailChange(ctx: AppContext, user: SessionUser, newEmail: string, language: UiLanguage) {
  if (user.provider === 'google') throw fail(403, 'email_managed_by_provider');
  await assertEmailAvailable(ctx.db, newEmail);
  return sendCode(ctx, newEmail, 'change_email', language, user.id);
}

export async function confirmEmailChange(ctx: AppContext, user: SessionUser, newEmail: string, otp: string) {
  if (user.provider === 'google') throw fail(403, 'email_managed_by_provider');
  const code = await checkCode(ctx, newEmail, 'change_email', otp, user.id);
  await assertEmailAvailable(ctx.db, newEmail);
  await ctx.db.update(users).set({ email: newEmail }).where(eq(users.id, user.id));
  await consumeCode(ctx, code.id);
  // Links mailed to the old address must not take the account back.
  await revokeResetLinks(ctx.db, user.id);
}

/** Checks the current password, sets the new one, and signs every other session out; outstanding reset links end. */
export async function changePassword(ctx: AppContext, user: SessionUser, sessionId: string, current: string, next: string) {
  if (!user.passwordHash || !(await verifyPassword(user.passwordHash, current))) throw fail(400, 'password_incorrect');
  await ctx.db
    .update(users)
    .set({ passwordHash: await hashPassword(next) })
    .where(eq(users.id, user.id));
  await revokeResetLinks(ctx.db, user.id);
  await revokeUserSessions(ctx.db, user.id, sessionId);
}

/**
 * Deletes the caller's own account once they typed its e-mail. Refused while a team they own
 * still has other members. Teams they own alone go with the account; the address stays
 * reserved (`email_unavailable`) so nobody can take over what pointed to it.
 */
export async function deleteAccount(ctx: AppContext, user: SessionUser, targetId: string, typedEmail: string) {
  if (targetId !== user.id) throw errors.forbidden();
  if (typedEmail.trim().toLowerCase() !== user.email) throw fail(400, 'email_confirmation_mismatch');
  const owned = await ctx.db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, user.id), eq(teamMembers.role, 'owner')));
  const ownedIds = owned.map((row) => row.teamId);
  if (ownedIds.length > 0) {
    const withOthers = await ctx.db
      .selectDistinct({ name: teams.name })
      .from(teamMembers)
      .innerJoin(teams, eq(teams.id, teamMembers.teamId))
      .where(and(inArray(teamMembers.teamId, ownedIds), ne(teamMembers.userId, user.id)));
    if (withOthers.length > 0) throw fail(409, 'team_has_members', { teams: withOthers.map((t) => t.name) });
    // Voices cloned at the speech provider go there first (a provider that cannot be reached keeps the account).
    const cloned = await ctx.db
      .select()
      .from(voices)
      .where(and(inArray(voices.teamId, ownedIds), isNotNull(voices.cloneVoiceId)));
    for (const voice of cloned) await deleteClone(ctx, voice);
  }
  const removeFiles = await teamFiles(ctx, ownedIds);
  await ctx.db.transaction(async (tx) => {
    if (ownedIds.length > 0) await tx.delete(teams).where(inArray(teams.id, ownedIds));
    await tx.delete(teamMembers).where(eq(teamMembers.userId, user.id));
    await tx
      .update(users)
      .set({ deletedAt: new Date(), passwordHash: null, googleSub: null, name: null, companyName: null, currentTeamId: null })
      .where(eq(users.id, user.id));
    await revokeResetLinks(tx, user.id);
  });
  await revokeUserSessions(ctx.db, user.id);
  await removeFiles();
}
