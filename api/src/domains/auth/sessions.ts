// Sessions: issuing an opaque bearer token (only its hash is stored), finding the live one a hash opens, revoking them.
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { sessions, users } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/secrets';

export type SessionUser = typeof users.$inferSelect;

/** Opaque bearer tokens: only their SHA-256 is stored, so a database leak reveals no usable token. */
export async function issueSession(db: Database, userId: string, ttlDays: number): Promise<string> {
  const token = randomToken();
  await db.insert(sessions).values({
    userId,
    tokenHash: sha256(token),
    expiresAt: new Date(Date.now() + ttlDays * 86_400_000),
  });
  return token;
}

/** The live session whose token hashes to `tokenHash`, with its user (callers go through AuthCache). */
export async function findSession(db: Database, tokenHash: string) {
  const [row] = await db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt), gt(sessions.expiresAt, new Date()), isNull(users.deletedAt)));
  return row ?? null;
}

export async function revokeSession(db: Database, sessionId: string) {
  await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sessionId));
}

export async function revokeUserSessions(db: Database, userId: string, exceptSessionId?: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), exceptSessionId ? ne(sessions.id, exceptSessionId) : undefined));
}

export const bearer = (token: string) => ({ access_token: token, token_type: 'Bearer' as const });
