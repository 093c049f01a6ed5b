// Builds the API: Fastify with its database, context and auth cache, CORS, security headers, rate limits, the OpenAPI
// document and reference, validation and errors, the health check, every domain's routes, and the workers if asked.
import { sql } from 'drizzle-orm';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest, type RouteOptions } from 'fastify';
import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import { everyHour } from './routing/hourly';
import { rateLimitStore, removeEndedWindows } from './routing/rate-limit-store';
import { securityHeaders } from './http/security-headers';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { Config } from './config';
import { TUS_REQUEST_HEADERS, TUS_RESPONSE_HEADERS } from './domains/uploads/tus-server';
import type { Mailer } from './mail/mailer';
import { connectDatabase, type DatabaseHandle } from './db/connect';
import { createContext } from './context';
import { installErrorHandler } from './http/error-handler';
import { RequestLogsAtDebug } from './http/request-logs';
import { installValibotSchemas } from './routing/validation';
import { APP_DOCUMENT, documentRoute, withAppComponents } from './http/app-document';
import { authRoutes } from './domains/auth/routes';
import { userRoutes } from './domains/users/routes';
import { teamRoutes } from './domains/teams/routes';
import { devRoutes } from './domains/dev/routes';
import { apiKeyRoutes } from './domains/api-keys/routes';
import { webhookRoutes } from './domains/webhooks/routes';
import { publicApiRoutes } from './domains/public-api/routes';
import { uploadRoutes } from './domains/uploads/routes';
import { consentRoutes } from './domains/consent/routes';
import { studioRoutes } from './domains/studio/routes';
import { voiceLibraryRoutes } from './domains/studio/voice-library';
import { pronunciationRoutes } from './domains/studio/pronunciations';
import { backgroundRoutes } from './domains/studio/backgrounds';
import { videoDraftRoutes } from './domains/studio/drafts';
import { templateRoutes } from './domains/templates/routes';
import { brandKitRoutes } from './domains/studio/brand-kit';
import { documentRoutes } from './domains/studio/documents';
import { layoutPreviewRoutes } from './domains/studio/layout-preview';
import { shareRoutes } from './domains/shares/routes';
import { moderationRoutes } from './domains/moderation/routes';
import { billingRoutes } from './domains/billing/routes';
import { eventRoutes } from './domains/studio/events';
import { assetRoutes } from './domains/assets/routes';
import { lipSyncWebhookRoutes } from './domains/studio/lipsync-webhook';
import { lipSyncReportRoutes } from './ops/lipsync-report';
import { reviewRoutes } from './ops/reviews';
import { startWorkers } from './domains/studio/jobs/runner';
import { backupEmbedded, backupPostgres, type Manifest } from './ops/backup';
import { documented, json } from './routing/operations';
import * as v from 'valibot';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered, with its schemas: what the authorization matrix and the fuzzer walk. */
    routeTable: RouteOptions[];
    /** A consistent backup of this install's database and files into `target` (ops/backup.ts). */
    writeBackup: (target: string) => Promise<Manifest>;
  }
  interface FastifyContextConfig {
    /** The route changes sessions, users or teams although its method reads (`GET /api/refresh`, as the specification has it). */
    writes?: boolean;
  }
}

/** Requests that change nothing (a browser's CORS preflight included). */
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export type BuildOptions = {
  /** An open database; when absent one is opened from the config and closed with the app. */
  database?: DatabaseHandle;
  mailer?: Mailer;
  /** Sees every answer before it is sent (the API tests check them against the OpenAPI document). */
  onAnswer?: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => void;
};

export async function buildApp(config: Config, options: BuildOptions = {}): Promise<FastifyInstance> {
  const { trustProxy } = config;
  const app = Fastify({
    logger: config.logLevel === 'silent' ? false : { level: config.logLevel },
    logController: new RequestLogsAtDebug(),
    bodyLimit: 64 * 1024,
    // A hop count trusts that many proxies in front of this one, nearest first (what Fastify does with a number).
    trustProxy: typeof trustProxy === 'number' ? (_address: string, hop: number) => hop < trustProxy : trustProxy,
  });
  const database = options.database ?? (await connectDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir }));
  const { ctx, close } = await createContext(config, database, app.log, options.mailer);
  const stopHearing = await ctx.authCache.follow(database);
  // Jobs and engine stop before the database they use closes.
  app.addHook('onClose', async () => {
    await stopHearing();
    await close();
    if (!options.database) await database.close();
  });
  app.decorateRequest('auth', null);
  // A request that may have changed a session, user or team must not leave its caller reading the old ones (auth-cache.ts).
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (!READ_METHODS.has(request.method) || request.routeOptions.config.writes) ctx.authCache.forgetAll();
    done(null, payload);
  });
  if (options.onAnswer) {
    const { onAnswer } = options;
    app.addHook('onSend', (request, reply, payload, done) => {
      onAnswer(request, reply, payload);
      done(null, payload);
    });
  }
  const places = { dataDir: config.dataDir, storage: ctx.assets.storage };
  app.decorate('writeBackup', (target: string) =>
    database.pglite ? backupEmbedded(database.pglite, places, target) : backupPostgres(database.url!, places, target),
  );
  const routeTable: RouteOptions[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => void routeTable.push(route));

  await app.register(cors, {
    origin: config.corsOrigins,
    methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'],
    allowedHeaders: ['Authorization', 'Content-Type', 'X-API-Key', ...TUS_REQUEST_HEADERS],
    exposedHeaders: TUS_RESPONSE_HEADERS,
    // Browsers keep a preflight's answer this long (Chromium at most 2 h), so calls do not each pay an OPTIONS.
    maxAge: 7200,
    // A bare OPTIONS (no Origin) gets an empty 204 rather than a plain-text 400.
    strictPreflight: false,
  });
  // The API's own pages (the built-in checkout and billing portal, the API reference) run no inline script;
  // their forms post here and then lead back to the app.
  securityHeaders(app, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'", new URL(config.publicAppUrl).origin],
        frameAncestors: ["'none'"],
      },
    },
    crossOriginResourcePolicy: { policy: 'cross-origin' },
  });
  // RateLimit-* headers (the IETF draft) and Retry-After; per client, and per API key on /api/v1.
  await app.register(rateLimit, {
    max: config.rateLimitMax,
    timeWindow: '1 minute',
    enableDraftSpec: true,
    store: rateLimitStore(database.db),
  });
  everyHour(app, 'rate-limit sweep', () => removeEndedWindows(database.db));
  await app.register(swagger, { openapi: APP_DOCUMENT, transform: documentRoute, transformObject: withAppComponents });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  installValibotSchemas(app);
  installErrorHandler(app);

  // Readiness: the database answers (load balancers and container healthchecks ask this).
  app.get(
    '/api/health',
    {
      schema: documented({
        id: 'getHealth',
        tag: 'Service',
        summary: 'Check readiness',
        description: 'Answers 200 once the API and its database answer, 503 otherwise.',
        answers: {
          200: json(
            'Ready: the database answers.',
            v.object({ status: v.literal('ok'), database: v.picklist(['pglite', 'postgres']), mail: v.picklist(['smtp', 'outbox']) }),
          ),
          503: json(
            'Not ready: the database does not answer.',
            v.object({ status: v.literal('unavailable'), database: v.picklist(['pglite', 'postgres']) }),
          ),
        },
      }),
    },
    async (_request, reply) => {
      try {
        await database.db.execute(sql`select 1`);
      } catch {
        return reply.status(503).send({ status: 'unavailable', database: database.kind });
      }
      return { status: 'ok', database: database.kind, mail: ctx.mailer.transport };
    },
  );
  authRoutes(app, ctx);
  userRoutes(app, ctx);
  teamRoutes(app, ctx);
  apiKeyRoutes(app, ctx);
  webhookRoutes(app, ctx);
  uploadRoutes(app, ctx);
  studioRoutes(app, ctx);
  consentRoutes(app, ctx);
  voiceLibraryRoutes(app, ctx);
  pronunciationRoutes(app, ctx);
  backgroundRoutes(app, ctx);
  videoDraftRoutes(app, ctx);
  brandKitRoutes(app, ctx);
  templateRoutes(app, ctx);
  documentRoutes(app, ctx);
  moderationRoutes(app, ctx);
  layoutPreviewRoutes(app, ctx);
  lipSyncWebhookRoutes(app, ctx);
  lipSyncReportRoutes(app, ctx);
  reviewRoutes(app, ctx);
  billingRoutes(app, ctx);
  eventRoutes(app, ctx);
  await assetRoutes(app, ctx);
  // After the assets' routes, whose file serving the public share pages use too.
  shareRoutes(app, ctx);
  publicApiRoutes(app, ctx);
  devRoutes(app, ctx);
  if (config.runWorker) await startWorkers(ctx, app.log);
  await app.ready();
  return app;
}
