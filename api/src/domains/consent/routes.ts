// GET /api/teams/:teamId/avatars/consent-phrase: the phrase, with a one-time code, that the person filmed reads aloud.
import * as v from 'valibot';
import { contentLanguageField, nameField } from '@kagami/shared/validation';
import { currentUser, signedIn } from '../auth/guard';
import { requireMembership } from '../teams/membership';
import { issuePhrase } from './service';
import { documented, json } from '../../routing/operations';
import { ConsentPhrase } from '../public-api/responses';
import { teamParams } from '../../routing/params';

/** The phrase names the person who reads it: the member asking, unless `name` says who is filmed. */
const PhraseQuery = v.object({ language: contentLanguageField, name: v.optional(nameField) });

/** `GET /api/teams/{teamId}/avatars/consent-phrase`: the phrase a member's consent clip reads. */
export const consentRoutes = signedIn((app, ctx) => {
  app.get(
    '/api/teams/:teamId/avatars/consent-phrase',
    {
      schema: {
        ...documented({
          id: 'getTeamConsentPhrase',
          tag: 'Avatars',
          summary: 'Get a consent phrase',
          description: 'The phrase, with a one-time code, that the person reads in the consent clip.',
          answers: { 200: json('The phrase to read.', ConsentPhrase) },
        }),
        params: teamParams,
        querystring: PhraseQuery,
      },
    },
    async (request) => {
      const { user } = currentUser(request);
      const { teamId } = request.params;
      const query = request.query;
      await requireMembership(ctx.db, teamId, user.id);
      return issuePhrase(ctx, { teamId, userId: user.id }, query.language, query.name ?? user.name ?? user.email);
    },
  );
});
