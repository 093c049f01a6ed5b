// Cursor pagination for /api/v1 lists: newest first, a page of `limit` rows and the cursor of the next
// page (the last row's creation time and id), so pages stay stable while new items arrive.
import * as v from 'valibot';
import { and, desc, eq, lt, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { encodeMessage, queryInteger } from '@kagami/shared/validation';
import { fail } from '../../lib/errors';

export const PAGE_LIMIT = { min: 1, max: 100, default: 20 } as const;

export const PageQuery = v.object({
  limit: v.pipe(
    queryInteger(PAGE_LIMIT.min, PAGE_LIMIT.max, PAGE_LIMIT.default),
    v.description(`How many items a page holds, ${PAGE_LIMIT.min}-${PAGE_LIMIT.max}.`),
  ),
  cursor: v.pipe(
    v.optional(v.pipe(v.string(), v.maxLength(200, encodeMessage('maxLength', { length: 200 })))),
    v.description("The previous page's `next_cursor`, to read the page after it; absent for the first page. Opaque."),
  ),
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

type Page<Item> = { data: Item[]; next_cursor: string | null };

/** The position in a fixed list that a cursor of listThenTable names, or null for a table's own cursor. */
function listPositionOf(cursor: string): number | null {
  try {
    const decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as unknown;
    if (Array.isArray(decoded) && decoded.length === 1 && Number.isSafeInteger(decoded[0]) && decoded[0] >= 0) return decoded[0] as number;
  } catch {
    // the table's cursor decides
  }
  return null;
}

/**
 * A page of a fixed list followed by a table's pages: cursors count through the list, then are the table's own, so
 * `limit` holds across both. `readList` is only called for pages that start in the list; `table` reads a page of the
 * table for a query.
 */
export async function listThenTable<Item>(
  readList: () => Promise<Item[]>,
  query: PageQuery,
  table: (query: PageQuery) => Promise<Page<Item>>,
): Promise<Page<Item>> {
  const start = query.cursor === undefined ? 0 : listPositionOf(query.cursor);
  if (start === null) return table(query);
  const list = await readList();
  const head = list.slice(start, start + query.limit);
  const end = start + head.length;
  const atPosition = (position: number) => Buffer.from(JSON.stringify([position])).toString('base64url');
  if (end < list.length) return { data: head, next_cursor: atPosition(end) };
  if (head.length === query.limit) {
    const more = (await table({ limit: 1 })).data.length > 0;
    return { data: head, next_cursor: more ? atPosition(end) : null };
  }
  const rest = await table({ limit: query.limit - head.length });
  return { data: [...head, ...rest.data], next_cursor: rest.next_cursor };
}
