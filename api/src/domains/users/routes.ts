import { countAttempt, perClientAuthLimit } from '../../routing/account-limits';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  companyNameField,
  emailField,
  employeeCountField,
  jobRoleField,
  nameField,
  uiLanguageField,
  verificationCodeField,
} from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { users } from '../../db/schema';
import { currentUser, requireUser } from '../auth/guard';
import { requireMembership } from '../teams/membership';
import { buildProfile } from './profile';
import { exportAccountData } from './data-export';
import { baseUrlOf } from '../public-api/serialize';
import { confirmEmailChange, deleteAccount, requestEmailChange } from './account-changes';

const uuid = v.pipe(v.string(), v.uuid('validation.invalid'));

export function userRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db } = ctx;
  const auth = { preHandler: requireUser(ctx) };
  const tight = perClientAuthLimit(ctx.config.authRateLimitMax);

  app.get('/api/profile', auth, async (request) => {
    const { user } = currentUser(request);
    return buildProfile(ctx, user.id, user);
  });

  // The account's data export, as a file to keep (GDPR Art. 15 and 20).
  app.get('/api/users/export', auth, async (request, reply) => {
    const { user } = currentUser(request);
    const data = await exportAccountData(ctx, user.id, baseUrlOf(request));
    return reply
      .header('content-disposition', `attachment; filename="kagami-data-${data.exported_at.slice(0, 10)}.json"`)
      .header('cache-control', 'no-store')
      .send(data);
  });

  app.put(
    '/api/users/update-profile',
    {
      ...auth,
      schema: {
        body: v.object({
          name: nameField,
          company_name: v.optional(companyNameField, ''),
          number_of_employees: employeeCountField,
          role: jobRoleField,
        }),
      },
    },
    async (request) => {
      const body = request.body as { name: string; company_name: string; number_of_employees: string; role: string };
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

  app.put('/api/users/current-team', { ...auth, schema: { body: v.object({ team_id: uuid }) } }, async (request) => {
    const { team_id } = request.body as { team_id: string };
    const { user } = currentUser(request);
    await requireMembership(db, team_id, user.id);
    await db.update(users).set({ currentTeamId: team_id }).where(eq(users.id, user.id));
    return buildProfile(ctx, user.id);
  });

  app.post(
    '/api/users/change-email-request',
    { ...auth, schema: { body: v.object({ new_email: emailField, language: v.optional(uiLanguageField, 'en') }) }, ...tight },
    async (request, reply) => {
      const { new_email, language } = request.body as { new_email: string; language: 'en' | 'ja' };
      await countAttempt(db, reply, 'emailChange', currentUser(request).user.id);
      reply.status(202);
      return requestEmailChange(ctx, currentUser(request).user, new_email, language);
    },
  );

  app.post(
    '/api/users/change-email-verify-otp',
    { ...auth, schema: { body: v.object({ new_email: emailField, otp: verificationCodeField }) }, ...tight },
    async (request, reply) => {
      const { new_email, otp } = request.body as { new_email: string; otp: string };
      const { user } = currentUser(request);
      await countAttempt(db, reply, 'emailChange', user.id);
      await confirmEmailChange(ctx, user, new_email, otp);
      return buildProfile(ctx, user.id);
    },
  );

  app.delete(
    '/api/users/:id',
    {
      ...auth,
      schema: { params: v.object({ id: uuid }), body: v.object({ email: v.pipe(v.string('validation.required'), v.maxLength(254)) }) },
    },
    async (request, reply) => {
      const { id } = request.params as { id: string };
      const { email } = request.body as { email: string };
      await deleteAccount(ctx, currentUser(request).user, id, email);
      return reply.status(204).send();
    },
  );
}
