// Who belongs to which team and with what role: a user's teams, the membership check that answers 404 to outsiders,
// and creating a team with its owner.
import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { teamMembers, teams, users } from '../../db/schema';
import { errors } from '../../lib/errors';

export type TeamRole = 'owner' | 'member';

export async function listTeamsOf(db: Database, userId: string) {
  return db
    .select({ id: teams.id, name: teams.name, role: teamMembers.role })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(eq(teamMembers.userId, userId))
    .orderBy(asc(teams.createdAt));
}

export async function findMembership(db: Database, teamId: string, userId: string) {
  const [row] = await db
    .select({ id: teams.id, name: teams.name, role: teamMembers.role, keep_watermark: teams.keepWatermark, created_at: teams.createdAt })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.userId, userId)));
  return row ?? null;
}

/**
 * The team as its member sees it. A team the caller does not belong to answers 404,
 * exactly like one that does not exist, so ids of other teams reveal nothing.
 */
export async function requireMembership(db: Database, teamId: string, userId: string, role?: TeamRole) {
  const membership = await findMembership(db, teamId, userId);
  if (!membership) throw errors.notFound('Team');
  if (role === 'owner' && membership.role !== 'owner') throw errors.forbidden();
  return membership;
}

export async function createTeam(db: Database, ownerId: string, name: string) {
  return db.transaction(async (tx) => {
    const [team] = await tx.insert(teams).values({ name }).returning();
    await tx.insert(teamMembers).values({ teamId: team!.id, userId: ownerId, role: 'owner' });
    const [owner] = await tx.select({ currentTeamId: users.currentTeamId }).from(users).where(eq(users.id, ownerId));
    if (!owner?.currentTeamId) await tx.update(users).set({ currentTeamId: team!.id }).where(eq(users.id, ownerId));
    return { id: team!.id, name: team!.name, role: 'owner' as const, keep_watermark: team!.keepWatermark, created_at: team!.createdAt };
  });
}
