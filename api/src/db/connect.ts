// The database: PostgreSQL when DATABASE_URL is set, otherwise the embedded PGlite (in DATA_DIR, or in memory for
// tests), migrated before use, with a way to hear NOTIFY on either.
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { join } from 'node:path';
import { mkdirSync } from 'node:fs';
import * as schema from './schema';
import { acquireFolderLock } from './folder-lock';
import { listenOnPostgres, type NoticeHandlers } from './notices';

export type Database = ReturnType<typeof drizzlePglite<typeof schema>>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Where a query can run: the database, or a transaction on it. */
export type Queryable = Database | Transaction;

export type DatabaseHandle = {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The embedded client (pg-boss attaches to it), or the server's URL (pg-boss opens its own pool). */
  pglite?: PGlite;
  url?: string;
  /** Hears NOTIFY on `channel` (every process on the database hears it); returns a function that stops. */
  listen: (channel: string, handlers: NoticeHandlers) => Promise<() => Promise<void>>;
  close: () => Promise<void>;
};

const migrationsFolder = join(__dirname, '..', '..', 'drizzle');
const MIGRATION_LOCK = 728_301_544;

/**
 * API and worker replicas that start together migrate one at a time, under a session advisory lock:
 * the first applies what is new, the others find nothing left to do.
 */
async function migrateOnce(pool: pg.Pool, migrate: () => Promise<unknown>) {
  const client = await pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate();
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    client.release();
  }
}

/**
 * PostgreSQL when a URL is given; otherwise PGlite in `<dataDir>/db`, or in memory when
 * dataDir is null (tests). Migrations run before the handle is returned.
 */
export async function connectDatabase(options: { databaseUrl?: string; dataDir: string | null }): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // An idle connection the server closed (a restart, a failover) leaves the pool; the next query opens another.
    pool.on('error', () => {});
    const db = drizzlePg(pool, { schema });
    await migrateOnce(pool, () => migratePg(db, { migrationsFolder }));
    // Both drivers expose the same query builder; the PGlite type is used as the common one.
    return {
      db: db as unknown as Database,
      kind: 'postgres',
      url: options.databaseUrl,
      listen: (channel, handlers) => listenOnPostgres(options.databaseUrl!, channel, handlers),
      close: () => pool.end(),
    };
  }
  let releaseLock = () => {};
  let client: PGlite;
  if (options.dataDir) {
    const folder = join(options.dataDir, 'db');
    mkdirSync(folder, { recursive: true });
    releaseLock = acquireFolderLock(join(options.dataDir, 'db.lock'));
    client = new PGlite(folder);
  } else {
    client = new PGlite();
  }
  const db = drizzlePglite(client, { schema });
  await migratePglite(db, { migrationsFolder });
  return {
    db,
    kind: 'pglite',
    pglite: client,
    listen: async (channel, handlers) => {
      const stop = await client.listen(channel, handlers.notice);
      handlers.hearing(true);
      return async () => {
        handlers.hearing(false);
        await stop().catch(() => {}); // the database may be closed already
      };
    },
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}
