// Rate-limit counters for @fastify/rate-limit: in this process by default, and in the database for routes
// whose limit must hold across API replicas (their config says `shared: true`), one row per key and window.
import { sql } from 'drizzle-orm';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { Database } from '../db/connect';

type Result = { current: number; ttl: number };
type Callback = (error: Error | null, result?: Result) => void;
type Params = { shared?: boolean; continueExceeding?: boolean; exponentialBackoff?: boolean; cache?: number };

const LocalStore = require('@fastify/rate-limit/store/LocalStore') as new (
  continueExceeding?: boolean,
  exponentialBackoff?: boolean,
  cache?: number,
) => FastifyRateLimitStore;

type Row = { count: number; ttl_ms: number; since_last_ms: number };
const resultOf = (row: Row): Result => ({ current: Number(row.count), ttl: Math.max(0, Math.round(Number(row.ttl_ms))) });
/** A window as it stands: its count, the ms until it ends, and the ms since its latest count. */
export type Window = Result & { sinceLast: number };

/** One more in the key's window of `windowMs` in the `rate_limits` table: the first starts the window. */
export async function countInWindow(db: Database, key: string, windowMs: number): Promise<Result> {
  const window = `${windowMs} milliseconds`;
  const result = await db.execute<Row>(
    sql`insert into rate_limits (key, window_start, count, last_at) values (${key}, now(), 1, now())
        on conflict (key) do update set
          count = case when rate_limits.window_start + ${window}::interval <= now() then 1 else rate_limits.count + 1 end,
          window_start = case when rate_limits.window_start + ${window}::interval <= now() then now() else rate_limits.window_start end,
          last_at = now()
        returning count, (extract(epoch from (window_start + ${window}::interval - now())) * 1000)::float8 as ttl_ms`,
  );
  return resultOf((result as unknown as { rows: Row[] }).rows[0]!);
}

/** The key's count in its current window of `windowMs`, without counting (zero when no window is open). */
export async function readWindow(db: Database, key: string, windowMs: number): Promise<Window> {
  const window = `${windowMs} milliseconds`;
  const result = await db.execute<Row>(
    sql`select count, (extract(epoch from (window_start + ${window}::interval - now())) * 1000)::float8 as ttl_ms,
          (extract(epoch from (now() - last_at)) * 1000)::float8 as since_last_ms
        from rate_limits where key = ${key} and window_start + ${window}::interval > now()`,
  );
  const row = (result as unknown as { rows: Row[] }).rows[0];
  return row ? { ...resultOf(row), sinceLast: Math.max(0, Number(row.since_last_ms)) } : { current: 0, ttl: 0, sinceLast: Infinity };
}

/** Ends the key's window, as if it had never counted. */
export async function clearWindow(db: Database, key: string) {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** No limit counts over a window longer than this: rows older than it count for nothing. */
const LONGEST_WINDOW = '1 day';

/** Removes the rows of windows that have ended (every key and address ever counted would stay otherwise). */
export async function removeEndedWindows(db: Database) {
  await db.execute(sql`delete from rate_limits where window_start < now() - ${LONGEST_WINDOW}::interval`);
}

/** Counts in the `rate_limits` table, for routes whose limit must hold across API replicas. */
class DatabaseStore implements FastifyRateLimitStore {
  constructor(private readonly db: Database) {}

  child() {
    return this;
  }

  incr(key: string, callback: Callback, timeWindow: number) {
    countInWindow(this.db, key, timeWindow).then((result) => callback(null, result), callback);
  }
}

/** The store class for the plugin's `store` option, bound to the database. */
export function rateLimitStore(db: Database) {
  return class KagamiRateLimitStore implements FastifyRateLimitStore {
    private readonly local: FastifyRateLimitStore;

    constructor(options: object) {
      const params = options as Params;
      this.local = new LocalStore(params.continueExceeding, params.exponentialBackoff, params.cache);
    }

    incr(key: string, callback: Callback, timeWindow: number, max: number) {
      this.local.incr(key, callback, timeWindow, max);
    }

    /** The store of a route with its own limit (`params`: the plugin's options merged with the route's). */
    child(options: object): FastifyRateLimitStore {
      const params = options as Params;
      return params.shared ? new DatabaseStore(db) : new LocalStore(params.continueExceeding, params.exponentialBackoff, params.cache);
    }
  };
}
