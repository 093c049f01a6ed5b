// A team's App or API usage history by date range: a page at a time as JSON, or the whole range as a CSV file.
import { and, count, desc, eq, gte, lt } from 'drizzle-orm';
import { historyQuery, type HistoryQuery } from '@kagami/shared/validation';
import { batches, history, users } from '../../db/schema';
import { csvFile } from '../../lib/csv';
import { currentUser, signedIn } from '../auth/guard';
import { requireMembership } from '../teams/membership';
import { documented, json, file, pageOf } from '../../routing/operations';
import { HistoryRow } from './answers';
import { teamParams } from '../../routing/params';
const DAY_MS = 86_400_000;

/** SPEC §3 history rows: created, type, name, duration in minutes, creator. */
const rowJson = (row: { history: typeof history.$inferSelect; creator: string | null; batch: string | null }) => ({
  created_at: row.history.createdAt.toISOString(),
  type: row.history.type,
  name: row.history.name,
  duration_minutes: Math.round((row.history.durationMs / 60_000) * 10) / 10,
  creator: row.creator,
  created_via: row.history.source,
  batch: row.history.batchId && row.batch ? { id: row.history.batchId, name: row.batch } : null,
});

/** App History and API History of a team (SPEC §2), by date range, a page at a time or as CSV. */
export const historyRoutes = signedIn((app, ctx) => {
  const { db } = ctx;

  const select = (teamId: string, query: HistoryQuery) => {
    const where = and(
      eq(history.teamId, teamId),
      eq(history.source, query.type),
      query.from ? gte(history.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
      // `to` is a whole day: everything before the next midnight.
      query.to ? lt(history.createdAt, new Date(new Date(`${query.to}T00:00:00Z`).getTime() + DAY_MS)) : undefined,
    );
    return {
      where,
      rows: db
        .select({ history, creator: users.name, batch: batches.name })
        .from(history)
        .leftJoin(users, eq(users.id, history.createdBy))
        .leftJoin(batches, eq(batches.id, history.batchId))
        .where(where),
    };
  };

  app.get(
    '/api/teams/:teamId/history',
    {
      schema: {
        ...documented({
          id: 'listHistory',
          tag: 'Billing',
          summary: 'List usage history',
          description: 'What the team’s work used, newest first, filtered by period and product.',
          answers: { 200: json('A page of the usage history, newest first.', pageOf(HistoryRow)) },
        }),
        params: teamParams,
        querystring: historyQuery,
      },
    },
    async (request) => {
      const { teamId } = request.params;
      await requireMembership(db, teamId, currentUser(request).user.id);
      const query = request.query;
      const { where, rows } = select(teamId, query);
      const [total] = await db.select({ value: count() }).from(history).where(where);
      const items = await rows
        .orderBy(desc(history.createdAt))
        .limit(query.page_size)
        .offset((query.page - 1) * query.page_size);
      return { items: items.map(rowJson), page: query.page, page_size: query.page_size, total: total?.value ?? 0 };
    },
  );

  app.get(
    '/api/teams/:teamId/history.csv',
    {
      schema: {
        ...documented({
          id: 'exportHistory',
          tag: 'Billing',
          summary: 'Export usage history',
          description: 'The same history as a CSV file.',
          answers: { 200: file('The usage history of the filter, as CSV.', 'text/csv') },
        }),
        params: teamParams,
        querystring: historyQuery,
      },
    },
    async (request, reply) => {
      const { teamId } = request.params;
      const team = await requireMembership(db, teamId, currentUser(request).user.id);
      const query = request.query;
      const items = (await select(teamId, query).rows.orderBy(desc(history.createdAt))).map(rowJson);
      const creatorOf = (item: ReturnType<typeof rowJson>) => item.creator ?? (item.created_via === 'api' ? `API (${team.name})` : '');
      const rows = items.map((item) => [item.created_at, item.type, item.name, item.duration_minutes, creatorOf(item)]);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="kagami-${query.type}-history.csv"`)
        .send(csvFile(['created_at', 'type', 'name', 'duration_minutes', 'creator'], rows));
    },
  );
});
