// A generation worker on its own: `pnpm --filter @kagami/api worker`. Any number of them (and of API
// processes started with RUN_WORKER=false) share the queues of one PostgreSQL database.
import { utimes, writeFile } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { createContext } from './context';
import { type AppContext } from './domains/app-context';
import { startWorkers } from './domains/studio/jobs/runner';

const BEAT_MS = 10_000;

/** Touches `file` every 10 s while the database answers: a container healthcheck reads its age. */
function beat(file: string, ctx: AppContext, log: pino.Logger) {
  const touch = async () => {
    try {
      await ctx.db.execute(sql`select 1`);
      const now = new Date();
      await utimes(file, now, now).catch(() => writeFile(file, ''));
    } catch (error) {
      log.warn({ err: error }, 'worker heartbeat: the database does not answer');
    }
  };
  void touch();
  const timer = setInterval(() => void touch(), BEAT_MS);
  return () => clearInterval(timer);
}

async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) {
    throw new ConfigError(
      'A separate worker needs DATABASE_URL: the embedded database can only be opened by one process (the API runs the worker in-process).',
    );
  }
  const log = pino({ level: config.logLevel });
  const database = await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  const { ctx, close } = await createContext(config, database, log);
  await startWorkers(ctx, log);
  log.info('Kagami worker ready');
  const stopBeating = config.heartbeatFile ? beat(config.heartbeatFile, ctx, log) : () => {};
  const shutdown = async (signal: string) => {
    log.info(`${signal} received: finishing the jobs in hand`);
    stopBeating();
    await close({ graceful: true });
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
