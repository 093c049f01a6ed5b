// Who is asking: `signedIn` registers routes behind a session check that puts the user on `request.auth`, and helpers
// read that user and check their membership of a route's `:teamId`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { type AppContext } from '../app-context';
import { errors } from '../../lib/errors';
import { requireMembership } from '../teams/membership';
import type { SessionUser } from './sessions';
import type { App } from '../../routing/typed';

declare module 'fastify' {
  interface FastifyRequest {
    auth: { user: SessionUser; sessionId: string } | null;
  }
  interface FastifyContextConfig {
    /** Registered by `signedIn`: the route needs a live session (the OpenAPI document says so). */
    signedIn?: boolean;
  }
}

export const bearerToken = (request: FastifyRequest) => {
  const header = request.headers.authorization;
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1] ?? null;
};

type Routes = (app: App, ctx: AppContext) => void;

/** `routes` registered in a scope whose hook requires a live session and puts its user on `request.auth`. */
export const signedIn =
  (routes: Routes): Routes =>
  (app, ctx) => {
    void app.register(async (scope: App) => {
      scope.addHook('onRoute', (route) => {
        route.config = { ...route.config, signedIn: true };
      });
      scope.addHook('preHandler', async (request: FastifyRequest, _reply: FastifyReply) => {
        const token = bearerToken(request);
        const found = token ? await ctx.authCache.findSession(token) : null;
        if (!found) throw errors.unauthorized();
        request.auth = { user: found.user, sessionId: found.session.id };
      });
      routes(scope, ctx);
    });
  };

/** A request to a team's route (`/…/teams/:teamId/…`) once its params are checked. */
export type TeamRequest = Pick<FastifyRequest, 'auth'> & { params: { teamId: string } };

export function currentUser(request: Pick<FastifyRequest, 'auth'>) {
  if (!request.auth) throw errors.unauthorized();
  return request.auth;
}

/** The `:teamId` of a signed-in request, once its user is found to be a member of that team (else 404). */
export async function memberTeamOf(ctx: AppContext, request: TeamRequest) {
  const { teamId } = request.params;
  await requireMembership(ctx.db, teamId, currentUser(request).user.id);
  return teamId;
}
