// Starts the API on the configured host and port, closes it on SIGINT or SIGTERM, and writes a backup of the embedded
// database when `pnpm backup` asks for one with SIGUSR2.
import { ConfigError, loadConfig } from './config';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildApp } from './app';
import { BACKUP_REQUEST, removeRequest } from './ops/backup';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, closing`);
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // `pnpm backup` asks for a backup of the embedded database, which only this process can read.
  process.on('SIGUSR2', async () => {
    const request = join(config.dataDir, BACKUP_REQUEST);
    const target = (await readFile(request, 'utf8').catch(() => '')).trim();
    if (!target) return;
    await removeRequest(config.dataDir);
    try {
      const manifest = await app.writeBackup(target);
      await writeFile(join(target, 'DONE'), JSON.stringify(manifest));
      app.log.info(`backup written to ${target}`);
    } catch (error) {
      app.log.error({ err: error }, 'backup failed');
      await writeFile(join(target, 'FAILED'), String((error as Error).message)).catch(() => undefined);
    }
  });
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Kagami API ready on http://${config.host}:${config.port} (docs at /api/docs)`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
