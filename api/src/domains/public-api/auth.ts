// The public API's key check: a preHandler that puts the team of the key in X-API-Key on `request.apiTeam` and refuses
// a session's Bearer token; the OpenAPI document asks `needsApiKey` which routes it guards.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Database } from '../../db/connect';
import { fail } from '../../lib/errors';
import { teamForKeyHeader } from '../api-keys/service';

declare module 'fastify' {
  interface FastifyRequest {
    apiTeam: { id: string; name: string; created_at: Date } | null;
  }
}

const keyGuards = new WeakSet<object>();

/** Whether a route's preHandler is requireApiKey's: the OpenAPI document marks the route as needing a key. */
export const needsApiKey = (handler: unknown) => typeof handler === 'function' && keyGuards.has(handler);

/**
 * preHandler of /api/v1: the team whose key is in `X-API-Key` goes on `request.apiTeam`. A session's
 * Bearer token is refused here, so a leaked browser session cannot drive the API.
 */
export function requireApiKey(db: Database) {
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers['x-api-key'] === undefined && request.headers.authorization) throw fail(401, 'api_key_required');
    const team = await teamForKeyHeader(db, request, reply);
    if (!team) throw fail(401, 'api_key_invalid');
    request.apiTeam = team;
  };
  keyGuards.add(guard);
  return guard;
}

export function apiTeam(request: FastifyRequest) {
  if (!request.apiTeam) throw fail(401, 'api_key_invalid');
  return request.apiTeam;
}
