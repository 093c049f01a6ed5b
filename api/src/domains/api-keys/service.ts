// A team's API key: describing it (prefix and date only), making a new one that replaces the old, and finding the team
// of the key in X-API-Key, with clients that send too many wrong keys refused for a while.
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { countFailure, refuseAfterFailures } from '../../routing/account-limits';
import type { Database } from '../../db/connect';
import { apiKeys, teams } from '../../db/schema';
import { randomToken, sha256 } from '../../lib/secrets';
import { requireMembership } from '../teams/membership';

export const API_KEY_PREFIX = 'kgm_';

/** Whether the team has a key, and what of it may be shown again: its prefix and creation date. */
export async function describeApiKey(db: Database, teamId: string, viewerId: string) {
  await requireMembership(db, teamId, viewerId);
  const [key] = await db.select().from(apiKeys).where(eq(apiKeys.teamId, teamId));
  return key ? { exists: true, prefix: key.prefix, created_at: key.createdAt } : { exists: false, prefix: null, created_at: null };
}

/** A new key replaces the old one at once; the key itself is returned this once and never stored. */
export async function generateApiKey(db: Database, teamId: string, ownerId: string) {
  await requireMembership(db, teamId, ownerId, 'owner');
  const key = `${API_KEY_PREFIX}${randomToken(32)}`;
  const row = { keyHash: sha256(key), prefix: key.slice(0, API_KEY_PREFIX.length + 6), createdBy: ownerId, createdAt: new Date() };
  await db
    .insert(apiKeys)
    .values({ teamId, ...row })
    .onConflictDoUpdate({ target: apiKeys.teamId, set: row });
  return { api_key: key, prefix: row.prefix, created_at: row.createdAt };
}

/**
 * The team of the key in the request's `X-API-Key` header, or null for a missing, malformed or unknown
 * key. A client address that has sent too many wrong keys is refused (429) for a while, right keys too,
 * so keys cannot be tried one after another.
 */
export async function teamForKeyHeader(db: Database, request: FastifyRequest, reply: FastifyReply) {
  const header = request.headers['x-api-key'];
  if (header === undefined) return null;
  await refuseAfterFailures(db, reply, 'wrongApiKey', request.ip);
  const team = typeof header === 'string' && header.length < 200 ? await teamForApiKey(db, header) : null;
  if (!team) await countFailure(db, 'wrongApiKey', request.ip);
  return team;
}

export async function teamForApiKey(db: Database, key: string) {
  const [row] = await db
    .select({ id: teams.id, name: teams.name, created_at: teams.createdAt })
    .from(apiKeys)
    .innerJoin(teams, eq(teams.id, apiKeys.teamId))
    .where(eq(apiKeys.keyHash, sha256(key)));
  return row ?? null;
}
