import * as v from 'valibot';
import type { FastifyInstance } from 'fastify';
import { type AppContext } from '../app-context';

import { currentUser, requireUser } from '../auth/guard';
import { describeApiKey, generateApiKey } from './service';

const teamParams = v.object({ teamId: v.pipe(v.string(), v.uuid('validation.invalid')) });

export function apiKeyRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const auth = { preHandler: requireUser(ctx), schema: { params: teamParams } };

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
