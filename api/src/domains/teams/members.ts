// A team's people: the member list (with pending invitations for an owner), removing or leaving, revoking an invitation.
import { and, asc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { invitations, teamMembers, users } from '../../db/schema';
import { errors, fail } from '../../lib/errors';

import { requireMembership } from './membership';

export async function listMembers(db: Database, teamId: string, viewerId: string) {
  const viewer = await requireMembership(db, teamId, viewerId);
  const members = await db
    .select({ user_id: users.id, name: users.name, email: users.email, role: teamMembers.role, joined_at: teamMembers.createdAt })
    .from(teamMembers)
    .innerJoin(users, eq(users.id, teamMembers.userId))
    .where(eq(teamMembers.teamId, teamId))
    .orderBy(asc(teamMembers.createdAt));
  if (viewer.role !== 'owner') return { members, invitations: [] };
  const pending = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      language: invitations.language,
      expires_at: invitations.expiresAt,
      created_at: invitations.createdAt,
    })
    .from(invitations)
    .where(and(eq(invitations.teamId, teamId), isNull(invitations.usedAt), gt(invitations.expiresAt, new Date())))
    .orderBy(asc(invitations.createdAt));
  return { members, invitations: pending };
}

/**
 * An owner removes anyone but the last owner; a member may only remove themself (leave).
 * Whoever leaves a team that was their current one moves to another of their teams, if any.
 */
export async function removeMember(db: Database, teamId: string, actorId: string, userId: string) {
  const actor = await requireMembership(db, teamId, actorId);
  if (actor.role !== 'owner' && actorId !== userId) throw errors.forbidden();
  const [target] = await db
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  if (!target) throw errors.notFound('Member');
  if (target.role === 'owner') {
    const otherOwners = await db
      .select({ userId: teamMembers.userId })
      .from(teamMembers)
      .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'owner'), ne(teamMembers.userId, userId)));
    if (otherOwners.length === 0) throw fail(409, 'last_owner');
  }
  await db.transaction(async (tx) => {
    await tx.delete(teamMembers).where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
    const [user] = await tx.select({ currentTeamId: users.currentTeamId }).from(users).where(eq(users.id, userId));
    if (user?.currentTeamId === teamId) {
      const [next] = await tx.select({ teamId: teamMembers.teamId }).from(teamMembers).where(eq(teamMembers.userId, userId)).limit(1);
      await tx
        .update(users)
        .set({ currentTeamId: next?.teamId ?? null })
        .where(eq(users.id, userId));
    }
  });
}

export async function revokeInvitation(db: Database, teamId: string, actorId: string, invitationId: string) {
  await requireMembership(db, teamId, actorId, 'owner');
  const deleted = await db
    .delete(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.teamId, teamId), isNull(invitations.usedAt)))
    .returning({ id: invitations.id });
  if (deleted.length === 0) throw errors.notFound('Invitation');
}
