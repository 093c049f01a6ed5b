import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AppContext } from '../app-context';
import { errors } from '../../lib/errors';
import { requireMembership } from '../teams/membership';
import type { SessionUser } from './sessions';

declare module 'fastify' {
  interface FastifyRequest {
    auth: { user: SessionUser; sessionId: string } | null;
  }
}

export const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
};

const sessionGuards = new WeakSet<object>();

/** Whether a route's preHandler is requireUser's: the OpenAPI document marks the route as needing a session. */
export const needsSession = (handler: unknown) => typeof handler === 'function' && sessionGuards.has(handler);

/** preHandler that requires a live session and puts its user on `request.auth`. */
export function requireUser(ctx: AppContext) {
  const guard = async (request: FastifyRequest, _reply: FastifyReply) => {
    const token = bearerToken(request);
    const found = token ? await ctx.authCache.findSession(token) : null;
    if (!found) throw errors.unauthorized();
    request.auth = { user: found.user, sessionId: found.session.id };
  };
  sessionGuards.add(guard);
  return guard;
}

export function currentUser(request: FastifyRequest) {
  if (!request.auth) throw errors.unauthorized();
  return request.auth;
}

/** The `:teamId` of a signed-in request, once its user is found to be a member of that team (else 404). */
export async function memberTeamOf(ctx: AppContext, request: FastifyRequest) {
  const { teamId } = request.params as { teamId: string };
  await requireMembership(ctx.db, teamId, currentUser(request).user.id);
  return teamId;
}
