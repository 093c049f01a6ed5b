import { countAttempt, perClientAuthLimit } from '../../routing/account-limits';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { emailField, invitationCodeField, teamNameField, uiLanguageField } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { teams } from '../../db/schema';
import { currentUser, requireUser } from '../auth/guard';
import { allowanceOwnerOf } from '../billing/quota';
import { appPlanOf } from '../billing/subscriptions';
import { createTeam, requireMembership } from './membership';
import { inviteMember, joinTeam, previewInvitation } from './invitations';
import { listMembers, removeMember, revokeInvitation } from './members';

const id = v.pipe(v.string(), v.uuid('validation.invalid'));
const teamParams = v.object({ teamId: id });

export function teamRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const tight = perClientAuthLimit(ctx.config.authRateLimitMax);
  const auth = { preHandler: requireUser(ctx) };

  app.get('/api/teams', auth, async (request) => ctx.authCache.teamsOf(currentUser(request).user.id));

  app.post('/api/teams', { ...auth, schema: { body: v.object({ name: teamNameField }) } }, async (request, reply) => {
    const { name } = request.body as { name: string };
    reply.status(201);
    return createTeam(db, currentUser(request).user.id, name);
  });

  /** The team with what its owner's app plan allows of the watermark (the team setting shows it, locked on Free). */
  const teamWithPlan = async (teamId: string, userId: string) => {
    const team = await requireMembership(db, teamId, userId);
    const { plan } = await appPlanOf(db, await allowanceOwnerOf(db, teamId));
    return { ...team, watermark_removal: plan.allowance.watermarkRemoval };
  };

  app.get('/api/teams/:teamId', { ...auth, schema: { params: teamParams } }, async (request) => {
    const { teamId } = request.params as { teamId: string };
    return teamWithPlan(teamId, currentUser(request).user.id);
  });

  const teamSettings = v.object({ name: v.optional(teamNameField), keep_watermark: v.optional(v.boolean('validation.invalid')) });
  app.put('/api/teams/:teamId', { ...auth, schema: { params: teamParams, body: teamSettings } }, async (request) => {
    const { teamId } = request.params as { teamId: string };
    const { name, keep_watermark: keepWatermark } = request.body as v.InferOutput<typeof teamSettings>;
    const userId = currentUser(request).user.id;
    await requireMembership(db, teamId, userId, 'owner');
    if (name !== undefined || keepWatermark !== undefined) await db.update(teams).set({ name, keepWatermark }).where(eq(teams.id, teamId));
    return teamWithPlan(teamId, userId);
  });

  app.post(
    '/api/teams/:teamId/invitations',
    {
      ...auth,
      schema: { params: teamParams, body: v.object({ email: emailField, language: v.optional(uiLanguageField, 'en') }) },
    },
    async (request, reply) => {
      const { teamId } = request.params as { teamId: string };
      const { email, language } = request.body as { email: string; language: 'en' | 'ja' };
      reply.status(201);
      return inviteMember(ctx, { teamId, inviter: currentUser(request).user, email, language });
    },
  );

  app.post('/api/teams/join', { ...auth, schema: { body: v.object({ code: invitationCodeField }) }, ...tight }, async (request, reply) => {
    const { code } = request.body as { code: string };
    await countAttempt(db, reply, 'joinCode', currentUser(request).user.id);
    return joinTeam(ctx, currentUser(request).user, code);
  });

  // Public, limited per client like sign-in (a code is 96 random bits): the join link's visitor learns who invites them.
  app.get('/api/invitations/preview', { schema: { querystring: v.object({ code: invitationCodeField }) }, ...tight }, async (request) =>
    previewInvitation(ctx, (request.query as { code: string }).code),
  );

  app.get('/api/teams/:teamId/members', { ...auth, schema: { params: teamParams } }, async (request) => {
    const { teamId } = request.params as { teamId: string };
    return listMembers(db, teamId, currentUser(request).user.id);
  });

  app.delete(
    '/api/teams/:teamId/members/:userId',
    { ...auth, schema: { params: v.object({ teamId: id, userId: id }) } },
    async (request, reply) => {
      const { teamId, userId } = request.params as { teamId: string; userId: string };
      await removeMember(db, teamId, currentUser(request).user.id, userId);
      return reply.status(204).send();
    },
  );

  app.delete(
    '/api/teams/:teamId/invitations/:invitationId',
    { ...auth, schema: { params: v.object({ teamId: id, invitationId: id }) } },
    async (request, reply) => {
      const { teamId, invitationId } = request.params as { teamId: string; invitationId: string };
      await revokeInvitation(db, teamId, currentUser(request).user.id, invitationId);
      return reply.status(204).send();
    },
  );
}
