import * as v from 'valibot';
import type { FastifyInstance } from 'fastify';
import { type AppContext } from '../app-context';

import { currentUser, requireUser } from '../auth/guard';
import { describeApiKey, generateApiKey } from './service';
import { documented, json, ownerOnly, text, time } from '../../routing/operations';

const teamParams = v.object({ teamId: v.pipe(v.string(), v.uuid('validation.invalid')) });

export function apiKeyRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const auth = { preHandler: requireUser(ctx) };

  app.get(
    '/api/teams/:teamId/api-key',
    {
      ...auth,
      schema: {
        params: teamParams,
        ...documented({
          id: 'getApiKey',
          tag: 'API keys',
          summary: 'Describe the API key',
          description: 'Whether the team has a key, its prefix and when it was made (never the key itself).',
          answers: {
            200: json(
              'Whether the team has a key, and its visible prefix.',
              v.object({ exists: v.boolean(), prefix: text, created_at: v.nullable(time) }),
            ),
          },
        }),
      },
    },
    async (request) => {
      const { teamId } = request.params as { teamId: string };
      return describeApiKey(db, teamId, currentUser(request).user.id);
    },
  );

  app.post(
    '/api/teams/:teamId/api-key',
    {
      ...auth,
      schema: {
        params: teamParams,
        ...documented({
          id: 'createApiKey',
          tag: 'API keys',
          summary: 'Make a new API key',
          description: 'Answers the new key once; the previous key stops working.',
          answers: {
            201: json(
              'The new key, shown this once; the old one stops working.',
              v.object({ api_key: v.string(), prefix: v.string(), created_at: time }),
            ),
          },
          refusals: ownerOnly,
        }),
      },
    },
    async (request, reply) => {
      const { teamId } = request.params as { teamId: string };
      reply.status(201);
      return generateApiKey(db, teamId, currentUser(request).user.id);
    },
  );
}
