// Idempotency-Key on the public API's POSTs (as Stripe does it): the first answer to a key is kept for
// 24 hours and replayed to the same request without doing it again; the key with another request is refused.
import { createHash } from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/connect';
import { idempotencyKeys } from '../../db/schema';
import { fail } from '../../lib/errors';

const KEPT_MS = 24 * 3_600_000;

/**
 * Answers `request` with `run`'s result, once per Idempotency-Key of the team: a repeat with the same
 * method, path and body gets the stored answer (with `Idempotent-Replayed: true`). Errors are not kept,
 * so a refused request can be fixed and sent again with its key.
 */
export async function idempotent(
  db: Database,
  teamId: string,
  request: FastifyRequest,
  reply: FastifyReply,
  run: () => Promise<{ status: number; body: unknown }>,
) {
  const key = request.headers['idempotency-key'];
  if (key === undefined) {
    const result = await run();
    return reply.status(result.status).send(result.body);
  }
  if (typeof key !== 'string' || key.length === 0 || key.length > 255) throw fail(400, 'idempotency_key_invalid');
  const requestHash = createHash('sha256')
    .update(`${request.method} ${request.url}\n${JSON.stringify(request.body ?? null)}`)
    .digest('hex');
  const mine = and(eq(idempotencyKeys.teamId, teamId), eq(idempotencyKeys.key, key));
  await db.delete(idempotencyKeys).where(and(mine, lt(idempotencyKeys.createdAt, new Date(Date.now() - KEPT_MS))));
  const [claimed] = await db.insert(idempotencyKeys).values({ teamId, key, requestHash }).onConflictDoNothing().returning();
  if (!claimed) {
    const [first] = await db.select().from(idempotencyKeys).where(mine);
    if (!first || first.requestHash !== requestHash) throw fail(422, 'idempotency_key_reused');
    if (first.statusCode === null) throw fail(409, 'idempotency_key_in_use');
    return reply.status(first.statusCode).header('Idempotent-Replayed', 'true').send(first.response);
  }
  try {
    const result = await run();
    await db.update(idempotencyKeys).set({ statusCode: result.status, response: result.body }).where(mine);
    return reply.status(result.status).send(result.body);
  } catch (error) {
    await db.delete(idempotencyKeys).where(mine);
    throw error;
  }
}
