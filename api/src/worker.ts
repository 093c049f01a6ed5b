// A generation worker on its own: `pnpm --filter @kagami/api worker`. Any number of them (and of API
// processes started with RUN_WORKER=false) share the queues of one PostgreSQL database.
import pino from 'pino';
import { ConfigError, loadConfig } from './config';
import { connectDatabase } from './db/connect';
import { createContext } from './context';
import { startWorkers } from './domains/studio/worker';

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
  const shutdown = async () => {
    await close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
