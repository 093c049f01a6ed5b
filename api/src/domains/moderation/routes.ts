// GET/PUT /api/teams/{teamId}/moderation: the team's blocked terms; members read them, owners change them.
import * as v from 'valibot';
import type { FastifyInstance } from 'fastify';
import { type AppContext } from '../app-context';
import { currentUser, requireUser } from '../auth/guard';
import { getTeamModeration, setTeamModeration } from './service';
import { documented, json, ownerOnly } from '../../routing/operations';

const BlockedTerms = v.object({ blocked_terms: v.array(v.string()) });

const params = v.object({ teamId: v.pipe(v.string(), v.uuid('validation.invalid')) });

export function moderationRoutes(app: FastifyInstance, ctx: AppContext) {
  const auth = { preHandler: requireUser(ctx) };
  const teamIdOf = (request: { params: unknown }) => (request.params as { teamId: string }).teamId;
  app.get(
    '/api/teams/:teamId/moderation',
    {
      ...auth,
      schema: {
        ...documented({
          id: 'getModeration',
          tag: 'Moderation',
          summary: 'Get the blocked terms',
          description: 'The terms no script of the team may contain.',
          answers: { 200: json('The blocked terms.', BlockedTerms) },
        }),
        params,
      },
    },
    async (request) => getTeamModeration(ctx, currentUser(request).user.id, teamIdOf(request)),
  );
  app.put(
    '/api/teams/:teamId/moderation',
    {
      ...auth,
      schema: {
        ...documented({
          id: 'setModeration',
          tag: 'Moderation',
          summary: 'Set the blocked terms',
          description: 'Replaces the team’s blocked terms.',
          answers: { 200: json('The blocked terms as saved.', BlockedTerms) },
          refusals: { ...ownerOnly, 400: ['blocked_terms_full', 'blocked_term_too_long'] },
        }),
        params,
        // Bounds here are loose (the service says how many and how long, translated); this only keeps bodies small.
        body: v.object({ blocked_terms: v.pipe(v.array(v.pipe(v.string('validation.invalid'), v.maxLength(1000))), v.maxLength(1000)) }),
      },
    },
    async (request) =>
      setTeamModeration(ctx, currentUser(request).user.id, teamIdOf(request), (request.body as { blocked_terms: string[] }).blocked_terms),
  );
}
