import { ConfigError, loadConfig } from './config';
import { buildApp } from './app';

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
  await app.listen({ host: config.host, port: config.port });
  app.log.info(`Kagami API ready on http://${config.host}:${config.port} (docs at /api/docs)`);
}

main().catch((error) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
