// The signed-in user's profile as the app reads it: who they are, their teams and the current one.
import { eq } from 'drizzle-orm';
import { type AppContext } from '../app-context';
import { users } from '../../db/schema';
import { errors } from '../../lib/errors';

type User = typeof users.$inferSelect;

/**
 * The profile of SPEC §3 on the wire: who the user is, their teams and the current one. `known`: the
 * user row the session lookup already read (GET /api/profile), saving a query.
 */
export async function buildProfile(ctx: AppContext, userId: string, known?: User) {
  const [user] = known ? [known] : await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw errors.notFound('User');
  const teams = await ctx.authCache.teamsOf(userId);
  const current = teams.find((team) => team.id === user.currentTeamId) ?? null;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    provider: user.provider,
    company_name: user.companyName,
    number_of_employees: user.numberOfEmployees,
    role: user.jobRole,
    language: user.language,
    teams,
    current_team: current,
    stripe_customer_id: user.stripeCustomerId,
  };
}
