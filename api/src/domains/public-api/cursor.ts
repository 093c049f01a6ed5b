// Cursor pagination for /api/v1 lists: newest first, a page of `limit` rows and the cursor of the next
// page (the last row's creation time and id), so pages stay stable while new items arrive.
import * as v from 'valibot';
import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { fail } from '../../lib/errors';

export const PageQuery = v.object({
  limit: v.optional(v.pipe(v.string(), v.transform(Number), v.integer('validation.invalid'), v.minValue(1), v.maxValue(100)), '20'),
  cursor: v.optional(v.pipe(v.string(), v.maxLength(200))),
});
export type PageQuery = v.InferOutput<typeof PageQuery>;

type Cursor = { at: string; id: string };

const encode = (cursor: Cursor) => Buffer.from(JSON.stringify([cursor.at, cursor.id])).toString('base64url');

function decode(cursor: string): Cursor {
  try {
    const [at, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown[];
    if (typeof at === 'string' && typeof id === 'string' && !Number.isNaN(Date.parse(at)) && /^[\w-]{1,64}$/.test(id)) return { at, id };
  } catch {
    // falls through to the refusal
  }
  throw fail(400, 'cursor_invalid');
}

/** Creation time to the microsecond, as the database keeps it (a JS Date would round it to the millisecond). */
const exactTime = (column: PgColumn) => sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The ordering, the condition for rows after the cursor, and the column that gives the next cursor. */
export function keyset(createdAt: PgColumn, id: PgColumn, query: PageQuery) {
  const after = query.cursor ? decode(query.cursor) : null;
  const where: SQL | undefined = after
    ? or(lt(createdAt, sql`${after.at}::timestamptz`), and(eq(createdAt, sql`${after.at}::timestamptz`), lt(id, after.id)))
    : undefined;
  return { where, orderBy: [desc(createdAt), desc(id)], limit: query.limit + 1, exactTime: exactTime(createdAt) };
}

/** The page from rows read with `limit + 1`: the extra row only says there is a next page. */
export function pageOf<R extends { id: string; at: string }, Item>(rows: R[], query: PageQuery, itemOf: (row: R) => Item) {
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return { data: page.map(itemOf), next_cursor: rows.length > query.limit && last ? encode({ at: last.at, id: last.id }) : null };
}
