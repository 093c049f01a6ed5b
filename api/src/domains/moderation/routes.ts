// GET/PUT /api/teams/{teamId}/moderation: the team's blocked terms; members read them, owners change them.
import * as v from 'valibot';
import { currentUser, signedIn } from '../auth/guard';
import { getTeamModeration, setTeamModeration } from './service';
import { documented, json, ownerOnly } from '../../routing/operations';
import { teamParams } from '../../routing/params';

const BlockedTerms = v.object({ blocked_terms: v.array(v.string()) });

export const moderationRoutes = signedIn((app, ctx) => {
  const teamIdOf = (request: { params: { teamId: string } }) => request.params.teamId;
  app.get(
    '/api/teams/:teamId/moderation',
    {
      schema: {
        ...documented({
          id: 'getModeration',
          tag: 'Moderation',
          summary: 'Get the blocked terms',
          description: 'The terms no script of the team may contain.',
          answers: { 200: json('The blocked terms.', BlockedTerms) },
        }),
        params: teamParams,
      },
    },
    async (request) => getTeamModeration(ctx, currentUser(request).user.id, teamIdOf(request)),
  );
  app.put(
    '/api/teams/:teamId/moderation',
    {
      schema: {
        ...documented({
          id: 'setModeration',
          tag: 'Moderation',
          summary: 'Set the blocked terms',
          description: 'Replaces the team’s blocked terms.',
          answers: { 200: json('The blocked terms as saved.', BlockedTerms) },
          refusals: { ...ownerOnly, 400: ['blocked_terms_full', 'blocked_term_too_long'] },
        }),
        params: teamParams,
        // Bounds here are loose (the service says how many and how long, translated); this only keeps bodies small.
        body: v.object({ blocked_terms: v.pipe(v.array(v.pipe(v.string('validation.invalid'), v.maxLength(1000))), v.maxLength(1000)) }),
      },
    },
    async (request) => setTeamModeration(ctx, currentUser(request).user.id, teamIdOf(request), request.body.blocked_terms),
  );
});
