// A team's API key in the app: its members read whether it exists and its prefix; its owner makes a new one.
import * as v from 'valibot';

import { currentUser, signedIn } from '../auth/guard';
import { describeApiKey, generateApiKey } from './service';
import { documented, json, ownerOnly, text, time } from '../../routing/operations';
import { teamParams } from '../../routing/params';

export const apiKeyRoutes = signedIn((app, ctx) => {
  const { db } = ctx;

  app.get(
    '/api/teams/:teamId/api-key',
    {
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
      const { teamId } = request.params;
      return describeApiKey(db, teamId, currentUser(request).user.id);
    },
  );

  app.post(
    '/api/teams/:teamId/api-key',
    {
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
      const { teamId } = request.params;
      reply.status(201);
      return generateApiKey(db, teamId, currentUser(request).user.id);
    },
  );
});
