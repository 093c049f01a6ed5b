// Invitations to a team: an owner mails a join code (valid 7 days), a signed-out visitor previews what it invites to,
// and the invited address redeems it to become a member.
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { UiLanguage } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { invitations, teamMembers, teams, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { randomToken, sha256 } from '../../lib/secrets';

import { mailTemplates } from '../../mail/templates';
import { findMembership, requireMembership } from './membership';
import { findUserByEmail } from '../users/accounts';

export const INVITATION_TTL_DAYS = 7;

export async function inviteMember(
  ctx: AppContext,
  input: { teamId: string; inviter: typeof users.$inferSelect; email: string; language: UiLanguage },
) {
  const team = await requireMembership(ctx.db, input.teamId, input.inviter.id, 'owner');
  const invitee = await findUserByEmail(ctx.db, input.email);
  if (invitee && (await findMembership(ctx.db, team.id, invitee.id))) throw fail(409, 'already_member');
  const code = randomToken(12);
  const [invitation] = await ctx.db
    .insert(invitations)
    .values({
      teamId: team.id,
      email: input.email,
      codeHash: sha256(code),
      language: input.language,
      invitedBy: input.inviter.id,
      expiresAt: new Date(Date.now() + INVITATION_TTL_DAYS * 86_400_000),
    })
    .returning();
  const href = `${ctx.config.publicAppUrl}/join?code=${encodeURIComponent(code)}`;
  const inviterName = input.inviter.name ?? input.inviter.email;
  try {
    await ctx.mailer.send(mailTemplates.invitation(input.email, input.language, team.name, inviterName, href, code, INVITATION_TTL_DAYS));
  } catch {
    await ctx.db.delete(invitations).where(eq(invitations.id, invitation!.id));
    throw fail(502, 'invitation_send_failed');
  }
  return { id: invitation!.id, email: invitation!.email, expires_at: invitation!.expiresAt };
}

/** The invitation a code names, checked as redeeming it would be (without the invitee's account): invalid, used or expired. */
async function openInvitation(ctx: AppContext, code: string) {
  const [invitation] = await ctx.db
    .select()
    .from(invitations)
    .where(eq(invitations.codeHash, sha256(code)));
  if (!invitation) throw fail(404, 'invitation_invalid');
  if (invitation.usedAt) throw fail(409, 'invitation_used');
  if (invitation.expiresAt.getTime() < Date.now()) throw fail(410, 'invitation_expired');
  return invitation;
}

/**
 * What a join link's code invites to, for the signed-out visitor holding it (the same as the invitation e-mail says):
 * the team's name and who invited them.
 */
export async function previewInvitation(ctx: AppContext, code: string) {
  const invitation = await openInvitation(ctx, code);
  const [team] = await ctx.db.select({ name: teams.name }).from(teams).where(eq(teams.id, invitation.teamId));
  const [inviter] = invitation.invitedBy
    ? await ctx.db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, invitation.invitedBy))
    : [];
  return { team_name: team!.name, inviter_name: inviter ? (inviter.name ?? inviter.email) : null };
}

/** Redeems a code for the user: each outcome of SPEC §4 has its own code. */
export async function joinTeam(ctx: AppContext, user: typeof users.$inferSelect, code: string) {
  const invitation = await openInvitation(ctx, code);
  if (invitation.email !== user.email) throw fail(403, 'invitation_wrong_email');
  if (await findMembership(ctx.db, invitation.teamId, user.id)) throw fail(409, 'already_member');
  await ctx.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(invitations)
      .set({ usedAt: new Date(), usedBy: user.id })
      .where(and(eq(invitations.id, invitation.id), isNull(invitations.usedAt), gt(invitations.expiresAt, new Date())))
      .returning();
    if (!claimed) throw fail(409, 'invitation_used');
    await tx.insert(teamMembers).values({ teamId: invitation.teamId, userId: user.id, role: 'member' });
    await tx.update(users).set({ currentTeamId: invitation.teamId }).where(eq(users.id, user.id));
  });
  return requireMembership(ctx.db, invitation.teamId, user.id);
}
