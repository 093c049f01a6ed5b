import * as v from 'valibot';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { fail } from '../../lib/errors';

import { currentUser, requireUser } from '../auth/guard';
import { describeApiKey, generateApiKey, teamForApiKey } from './service';

const teamParams = v.object({ teamId: v.pipe(v.string(), v.uuid('validation.invalid')) });

export function apiKeyRoutes(app: FastifyInstance, { db }: AppContext) {
  const auth = { preHandler: requireUser(db), schema: { params: teamParams } };

  app.get('/api/teams/:teamId/api-key', auth, async (request) => {
    const { teamId } = request.params as { teamId: string };
    return describeApiKey(db, teamId, currentUser(request).user.id);
  });

  app.post('/api/teams/:teamId/api-key', auth, async (request, reply) => {
    const { teamId } = request.params as { teamId: string };
    reply.status(201);
    return generateApiKey(db, teamId, currentUser(request).user.id);
  });
}

/** The public API, authenticated by the team key in `X-API-Key`. */
export function publicApiRoutes(app: FastifyInstance, { db }: AppContext) {
  const teamOf = async (request: FastifyRequest) => {
    const key = request.headers['x-api-key'];
    const team = typeof key === 'string' && key.length < 200 ? await teamForApiKey(db, key) : null;
    if (!team) throw fail(401, 'api_key_invalid');
    return team;
  };
  app.get('/api/v1/team', async (request) => teamOf(request));
}
