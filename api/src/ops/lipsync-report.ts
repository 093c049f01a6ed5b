// GET /api/ops/lipsync?from=&to=: what the lip-sync providers made per team over a period (videos and the seconds the
// providers billed), for operators reconciling the providers' invoices; `Authorization: Bearer {OPS_TOKEN}`.
import { and, eq, gte, isNotNull, lt, ne, sql } from 'drizzle-orm';
import * as v from 'valibot';
import { type AppContext } from '../domains/app-context';
import { teams, videos } from '../db/schema';
import { requireOpsToken } from './ops-token';
import type { App } from '../routing/typed';

const day = v.pipe(v.string(), v.isoDate());
export function lipSyncReportRoutes(app: App, ctx: AppContext) {
  const token = ctx.config.opsToken;
  if (!token) return;
  app.get('/api/ops/lipsync', { schema: { querystring: v.object({ from: day, to: day }) } }, async (request) => {
    requireOpsToken(request, token);
    const { from, to } = request.query;
    const rows = await ctx.db
      .select({
        team_id: videos.teamId,
        team: teams.name,
        engine: videos.lipsyncEngine,
        videos: sql<number>`count(*)::int`,
        billed_seconds: sql<number>`coalesce(sum(${videos.lipsyncSeconds}), 0)::float`,
      })
      .from(videos)
      .innerJoin(teams, eq(teams.id, videos.teamId))
      .where(
        and(
          isNotNull(videos.lipsyncEngine),
          ne(videos.lipsyncEngine, 'local'),
          eq(videos.status, 'ready'),
          gte(videos.createdAt, new Date(`${from}T00:00:00Z`)),
          lt(videos.createdAt, new Date(new Date(`${to}T00:00:00Z`).getTime() + 86_400_000)),
        ),
      )
      .groupBy(videos.teamId, teams.name, videos.lipsyncEngine)
      .orderBy(teams.name);
    return { from, to, teams: rows };
  });
}
