import Fastify, { type FastifyInstance } from 'fastify';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config';
import { connectDatabase, type DatabaseHandle } from './db/connect';
import { createMailer, type Mailer } from './mail/mailer';
import type { AppContext } from './context';
import { installErrorHandler } from './http/error-handler';
import { installValibotSchemas, valibotToOpenApi } from './http/validation';
import { authRoutes } from './domains/auth/routes';
import { userRoutes } from './domains/users/routes';
import { teamRoutes } from './domains/teams/routes';
import { devRoutes } from './domains/dev/routes';
import { apiKeyRoutes, publicApiRoutes } from './domains/api-keys/routes';
import { uploadRoutes } from './domains/uploads/routes';
import { studioRoutes } from './domains/studio/routes';
import { assetRoutes } from './domains/assets/routes';
import { startWorkers } from './domains/studio/worker';
import { startJobQueue } from './jobs/queue';
import { LocalEngine } from './engine/local/local-engine';
import { createAssetStore } from './storage/asset-store';

export type BuildOptions = {
  /** An open database; when absent one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
  mailer?: Mailer;
};

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    bodyLimit: 64 * 1024,
    trustProxy: true,
  });
  const database = options.database ?? (await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  if (!options.database) app.addHook('onClose', () => database.close());
  const jobs = await startJobQueue(database, app.log);
  const engine = new LocalEngine();
  app.addHook('onClose', async () => {
    await jobs.stop({ graceful: false, wait: true, close: true } as never);
    engine.close();
  });
  const ctx: AppContext = {
    config,
    db: database.db,
    mailer: options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, log: app.log }),
    jobs,
    engine,
    assets: createAssetStore(config.dataDir),
  };
  app.decorateRequest('auth', null);

  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-API-Key'],
  });
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginResourcePolicy: { policy: 'cross-origin' } });
  await app.register(rateLimit, { max: config.rateLimitMax, timeWindow: '1 minute' });
  await app.register(swagger, {
    openapi: {
      info: { title: 'Kagami API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
    transform: ({ schema, url }) => {
      const s = (schema ?? {}) as Record<string, unknown>;
      const converted = Object.fromEntries(Object.entries(s).map(([key, value]) => [key, valibotToOpenApi(value)]));
      return { schema: converted, url };
    },
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  installValibotSchemas(app);
  installErrorHandler(app);

  app.get('/api/health', async () => ({ status: 'ok', database: database.kind, mail: ctx.mailer.transport }));
  authRoutes(app, ctx);
  userRoutes(app, ctx);
  teamRoutes(app, ctx);
  apiKeyRoutes(app, ctx);
  uploadRoutes(app, ctx);
  studioRoutes(app, ctx);
  await assetRoutes(app, ctx);
  publicApiRoutes(app, ctx);
  devRoutes(app, ctx);
  if (config.runWorker) await startWorkers(ctx, app.log);
  await app.ready();
  return app;
}
