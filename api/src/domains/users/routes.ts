import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { companyNameField, employeeCountField, jobRoleField, nameField } from '@kagami/shared/validation';
import type { AppContext } from '../../context';
import { users } from '../../db/schema';
import { currentUser, requireUser } from '../auth/guard';
import { requireMembership } from '../teams/membership';
import { buildProfile } from './profile';

const uuid = v.pipe(v.string(), v.uuid('validation.invalid'));

export function userRoutes(app: FastifyInstance, { db }: AppContext) {
  const auth = { preHandler: requireUser(db) };

  app.get('/api/profile', auth, async (request) => buildProfile(db, currentUser(request).user.id));

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
      return buildProfile(db, user.id);
    },
  );

  app.put('/api/users/current-team', { ...auth, schema: { body: v.object({ team_id: uuid }) } }, async (request) => {
    const { team_id } = request.body as { team_id: string };
    const { user } = currentUser(request);
    await requireMembership(db, team_id, user.id);
    await db.update(users).set({ currentTeamId: team_id }).where(eq(users.id, user.id));
    return buildProfile(db, user.id);
  });
}
