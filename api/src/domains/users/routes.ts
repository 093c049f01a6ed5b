// The signed-in user's account routes: the profile, a data export to keep, profile edits, switching the current team,
// changing the e-mail by code, and deleting the account.
import { countAttempt, perClientAuthLimit } from '../../routing/account-limits';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import {
  companyNameField,
  emailField,
  employeeCountField,
  jobRoleField,
  nameField,
  uiLanguageField,
  verificationCodeField,
} from '@kagami/shared/validation';
import { users } from '../../db/schema';
import { currentUser, signedIn } from '../auth/guard';
import { requireMembership } from '../teams/membership';
import { buildProfile } from './profile';
import { exportAccountData } from './data-export';
import { baseUrlOf } from '../public-api/serialize';
import { confirmEmailChange, deleteAccount, requestEmailChange } from './account-changes';
import { documented, json, none } from '../../routing/operations';
import { codeChecked, CodeSent, emailInUse } from '../auth/answers';
import { Profile, Export } from './answers';
import { uuid } from '../../routing/params';

export const userRoutes = signedIn((app, ctx) => {
  const { db } = ctx;
  const tight = perClientAuthLimit(ctx.config.authRateLimitMax);

  app.get(
    '/api/profile',
    {
      schema: documented({
        id: 'getProfile',
        tag: 'Account',
        summary: 'Get the profile',
        description: "The signed-in user's profile and current team.",
        answers: { 200: json('The profile.', Profile) },
      }),
    },
    async (request) => {
      const { user } = currentUser(request);
      return buildProfile(ctx, user.id, user);
    },
  );

  // The account's data export, as a file to keep (GDPR Art. 15 and 20).
  app.get(
    '/api/users/export',
    {
      schema: documented({
        id: 'exportAccount',
        tag: 'Account',
        summary: 'Export the account’s data',
        description: 'Everything kept about the user, as a JSON file to keep.',
        answers: { 200: json("The account's data, with signed links to its files.", Export) },
      }),
    },
    async (request, reply) => {
      const { user } = currentUser(request);
      const data = await exportAccountData(ctx, user.id, baseUrlOf(request));
      return reply
        .header('content-disposition', `attachment; filename="kagami-data-${data.exported_at.slice(0, 10)}.json"`)
        .header('cache-control', 'no-store')
        .send(data);
    },
  );

  app.put(
    '/api/users/update-profile',
    {
      schema: {
        ...documented({
          id: 'updateProfile',
          tag: 'Account',
          summary: 'Update the profile',
          description: "Changes the signed-in user's profile.",
          answers: { 200: json('The profile as changed.', Profile) },
        }),
        body: v.object({
          name: nameField,
          company_name: v.optional(companyNameField, ''),
          number_of_employees: employeeCountField,
          role: jobRoleField,
        }),
      },
    },
    async (request) => {
      const body = request.body;
      const { user } = currentUser(request);
      await db
        .update(users)
        .set({
          name: body.name,
          companyName: body.company_name,
          numberOfEmployees: body.number_of_employees,
          jobRole: body.role,
        })
        .where(eq(users.id, user.id));
      return buildProfile(ctx, user.id);
    },
  );

  app.put(
    '/api/users/current-team',
    {
      schema: {
        ...documented({
          id: 'setCurrentTeam',
          tag: 'Teams',
          summary: 'Switch team',
          description: 'The team the app works in from now on; the user must be a member.',
          answers: { 200: json('The profile with its new current team.', Profile) },
          refusals: { 404: ['not_found'] },
        }),
        body: v.object({ team_id: uuid }),
      },
    },
    async (request) => {
      const { team_id } = request.body;
      const { user } = currentUser(request);
      await requireMembership(db, team_id, user.id);
      await db.update(users).set({ currentTeamId: team_id }).where(eq(users.id, user.id));
      return buildProfile(ctx, user.id);
    },
  );

  app.post(
    '/api/users/change-email-request',
    {
      schema: {
        ...documented({
          id: 'requestEmailChange',
          tag: 'Account',
          summary: 'Ask to change the e-mail',
          description: 'E-mails a code to the new address.',
          answers: { 202: json('A code was sent to the new address.', CodeSent) },
          refusals: {
            403: ['email_managed_by_provider'],
            409: emailInUse,
            429: ['too_many_attempts', 'too_many_requests'],
          },
        }),
        body: v.object({ new_email: emailField, language: v.optional(uiLanguageField, 'en') }),
      },
      ...tight,
    },
    async (request, reply) => {
      const { new_email, language } = request.body;
      await countAttempt(db, reply, 'emailChange', currentUser(request).user.id);
      reply.status(202);
      return requestEmailChange(ctx, currentUser(request).user, new_email, language);
    },
  );

  app.post(
    '/api/users/change-email-verify-otp',
    {
      schema: {
        ...documented({
          id: 'confirmEmailChange',
          tag: 'Account',
          summary: 'Confirm the new e-mail',
          description: 'Changes the address once the code e-mailed to it is right.',
          answers: { 200: json('The profile with its new address.', Profile) },
          refusals: {
            ...codeChecked,
            403: ['email_managed_by_provider'],
            409: emailInUse,
            429: ['too_many_attempts', 'code_attempts_exceeded'],
          },
        }),
        body: v.object({ new_email: emailField, otp: verificationCodeField }),
      },
      ...tight,
    },
    async (request, reply) => {
      const { new_email, otp } = request.body;
      const { user } = currentUser(request);
      await countAttempt(db, reply, 'emailChange', user.id);
      await confirmEmailChange(ctx, user, new_email, otp);
      return buildProfile(ctx, user.id);
    },
  );

  app.delete(
    '/api/users/:id',
    {
      schema: {
        ...documented({
          id: 'deleteAccount',
          tag: 'Account',
          summary: 'Delete the account',
          description: 'Deletes the signed-in user, confirmed by typing their e-mail; a last owner of a team with members cannot.',
          answers: { 204: none('The account is deleted.') },
          refusals: { 400: ['email_confirmation_mismatch'], 403: ['forbidden'], 409: ['team_has_members'] },
        }),
        params: v.object({ id: uuid }),
        body: v.object({ email: v.pipe(v.string('validation.required'), v.maxLength(254)) }),
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const { email } = request.body;
      await deleteAccount(ctx, currentUser(request).user, id, email);
      return reply.status(204).send();
    },
  );
});
