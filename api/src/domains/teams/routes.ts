// The app's team routes: previewing an invitation signed out, and for a signed-in user listing, creating, reading and
// renaming teams, inviting, joining by code, listing and removing members, cancelling invitations.
import { countAttempt, perClientAuthLimit } from '../../routing/account-limits';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { emailField, invitationCodeField, teamNameField, uiLanguageField } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { teams } from '../../db/schema';
import { currentUser, signedIn } from '../auth/guard';
import { allowanceOwnerOf } from '../billing/quota';
import { appPlanOf } from '../billing/subscriptions';
import { createTeam, requireMembership } from './membership';
import { inviteMember, joinTeam, previewInvitation } from './invitations';
import { listMembers, removeMember, revokeInvitation } from './members';
import { documented, json, none, ownerOnly, text, time } from '../../routing/operations';
import { TeamSummary, Team, TeamWithPlan } from './answers';
import { UI_LANGUAGES } from '@kagami/shared/validation';
import type { App } from '../../routing/typed';
import { teamParams, uuid } from '../../routing/params';

export function teamRoutes(app: App, ctx: AppContext) {
  const { db } = ctx;
  const tight = perClientAuthLimit(ctx.config.authRateLimitMax);

  // Public, limited per client like sign-in (a code is 96 random bits): the join link's visitor learns who invites them.
  app.get(
    '/api/invitations/preview',
    {
      schema: {
        ...documented({
          id: 'previewInvitation',
          tag: 'Teams',
          summary: 'Preview an invitation',
          description: 'Which team an invitation code is for, and who invited, before signing in.',
          answers: {
            200: json(
              'Who invites to which team.',
              v.object({ team_name: v.string(), inviter_name: v.pipe(text, v.description("The inviter's name or e-mail address.")) }),
            ),
          },
          refusals: { 404: ['invitation_invalid'], 409: ['invitation_used'], 410: ['invitation_expired'] },
        }),
        querystring: v.object({ code: invitationCodeField }),
      },
      ...tight,
    },
    async (request) => previewInvitation(ctx, request.query.code),
  );

  // A member's teams, members and invitations.
  signedIn((app) => {
    app.get(
      '/api/teams',
      {
        schema: documented({
          id: 'listTeams',
          tag: 'Teams',
          summary: 'List teams',
          description: 'The teams the user is a member of, with their role in each.',
          answers: { 200: json("The caller's teams.", v.array(TeamSummary)) },
        }),
      },
      async (request) => ctx.authCache.teamsOf(currentUser(request).user.id),
    );

    app.post(
      '/api/teams',
      {
        schema: {
          ...documented({
            id: 'createTeam',
            tag: 'Teams',
            summary: 'Create a team',
            description: 'A new team with the user as its owner.',
            answers: { 201: json('The new team, owned by the caller and now current.', Team) },
          }),
          body: v.object({ name: teamNameField }),
        },
      },
      async (request, reply) => {
        const { name } = request.body;
        reply.status(201);
        return createTeam(db, currentUser(request).user.id, name);
      },
    );

    /** The team with what its owner's app plan allows of the watermark (the team setting shows it, locked on Free). */
    const teamWithPlan = async (teamId: string, userId: string) => {
      const team = await requireMembership(db, teamId, userId);
      const { plan } = await appPlanOf(db, await allowanceOwnerOf(db, teamId));
      return { ...team, watermark_removal: plan.allowance.watermarkRemoval };
    };

    app.get(
      '/api/teams/:teamId',
      {
        schema: {
          ...documented({
            id: 'getTeamDetails',
            tag: 'Teams',
            summary: 'Get a team',
            description: 'The team, for its members.',
            answers: { 200: json('The team.', TeamWithPlan) },
          }),
          params: teamParams,
        },
      },
      async (request) => {
        const { teamId } = request.params;
        return teamWithPlan(teamId, currentUser(request).user.id);
      },
    );

    const teamSettings = v.object({ name: v.optional(teamNameField), keep_watermark: v.optional(v.boolean('validation.invalid')) });
    app.put(
      '/api/teams/:teamId',
      {
        schema: {
          ...documented({
            id: 'renameTeam',
            tag: 'Teams',
            summary: 'Rename a team',
            description: 'Changes the team’s name.',
            answers: { 200: json('The team as changed.', TeamWithPlan) },
            refusals: ownerOnly,
          }),
          params: teamParams,
          body: teamSettings,
        },
      },
      async (request) => {
        const { teamId } = request.params;
        const { name, keep_watermark: keepWatermark } = request.body;
        const userId = currentUser(request).user.id;
        await requireMembership(db, teamId, userId, 'owner');
        if (name !== undefined || keepWatermark !== undefined)
          await db.update(teams).set({ name, keepWatermark }).where(eq(teams.id, teamId));
        return teamWithPlan(teamId, userId);
      },
    );

    app.post(
      '/api/teams/:teamId/invitations',
      {
        schema: {
          ...documented({
            id: 'inviteMember',
            tag: 'Teams',
            summary: 'Invite a member',
            description: 'E-mails an invitation to join the team with a role.',
            answers: {
              201: json('The invitation was e-mailed.', v.object({ id: v.string(), email: v.string(), expires_at: time })),
            },
            refusals: { ...ownerOnly, 409: ['already_member'], 502: ['invitation_send_failed'] },
          }),
          params: teamParams,
          body: v.object({ email: emailField, language: v.optional(uiLanguageField, 'en') }),
        },
      },
      async (request, reply) => {
        const { teamId } = request.params;
        const { email, language } = request.body;
        reply.status(201);
        return inviteMember(ctx, { teamId, inviter: currentUser(request).user, email, language });
      },
    );

    app.post(
      '/api/teams/join',
      {
        schema: {
          ...documented({
            id: 'joinTeam',
            tag: 'Teams',
            summary: 'Join a team',
            description: "Accepts an invitation by its code; the invitation's e-mail must be the user's.",
            answers: { 200: json('The team joined.', Team) },
            refusals: {
              403: ['invitation_wrong_email'],
              404: ['invitation_invalid'],
              409: ['already_member', 'invitation_used'],
              410: ['invitation_expired'],
              429: ['too_many_attempts'],
            },
          }),
          body: v.object({ code: invitationCodeField }),
        },
        ...tight,
      },
      async (request, reply) => {
        const { code } = request.body;
        await countAttempt(db, reply, 'joinCode', currentUser(request).user.id);
        return joinTeam(ctx, currentUser(request).user, code);
      },
    );

    app.get(
      '/api/teams/:teamId/members',
      {
        schema: {
          ...documented({
            id: 'listMembers',
            tag: 'Teams',
            summary: 'List members',
            description: "The team's members and their roles.",
            answers: {
              200: json(
                'Members, and invitations not yet accepted.',
                v.object({
                  members: v.array(
                    v.object({
                      user_id: v.string(),
                      name: text,
                      email: v.string(),
                      role: v.picklist(['owner', 'member']),
                      joined_at: time,
                    }),
                  ),
                  invitations: v.array(
                    v.object({ id: v.string(), email: v.string(), language: v.picklist(UI_LANGUAGES), expires_at: time, created_at: time }),
                  ),
                }),
              ),
            },
          }),
          params: teamParams,
        },
      },
      async (request) => {
        const { teamId } = request.params;
        return listMembers(db, teamId, currentUser(request).user.id);
      },
    );

    app.delete(
      '/api/teams/:teamId/members/:userId',
      {
        schema: {
          ...documented({
            id: 'removeMember',
            tag: 'Teams',
            summary: 'Remove a member',
            description: 'Removes a member from the team; the last owner cannot be removed.',
            answers: { 204: none('The member is removed (or left).') },
            refusals: { ...ownerOnly, 409: ['last_owner'] },
          }),
          params: v.object({ teamId: uuid, userId: uuid }),
        },
      },
      async (request, reply) => {
        const { teamId, userId } = request.params;
        await removeMember(db, teamId, currentUser(request).user.id, userId);
        return reply.status(204).send();
      },
    );

    app.delete(
      '/api/teams/:teamId/invitations/:invitationId',
      {
        schema: {
          ...documented({
            id: 'cancelInvitation',
            tag: 'Teams',
            summary: 'Cancel an invitation',
            description: 'The invitation can no longer be used.',
            answers: { 204: none('The invitation is revoked.') },
            refusals: ownerOnly,
          }),
          params: v.object({ teamId: uuid, invitationId: uuid }),
        },
      },
      async (request, reply) => {
        const { teamId, invitationId } = request.params;
        await revokeInvitation(db, teamId, currentUser(request).user.id, invitationId);
        return reply.status(204).send();
      },
    );
  })(app, ctx);
}
