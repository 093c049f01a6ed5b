// The API's configuration: the environment read and validated (valibot), every bad variable named at once, into the
// Config the entry points start from.
import * as v from 'valibot';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import {
  LIPSYNC_ENGINES,
  LIPSYNC_WEBHOOK_PATH,
  SPEECH_PROVIDERS,
  type Gender,
  type LipSyncSettings,
  type ModerationSettings,
  type S3Options,
  type SpeechProviderSettings,
} from './providers';

const port = v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(65535));
const list = v.pipe(
  v.string(),
  v.transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  ),
);

/** A proxy TRUST_PROXY may name: an address, a CIDR range, or one of proxy-addr's names for the special ranges. */
const isProxyEntry = (entry: string) => {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(entry)) return true;
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
};
const trustedProxies = v.pipe(
  v.string(),
  v.check(
    (text) => /^\d+$/.test(text.trim()) || text.split(',').every((entry) => isProxyEntry(entry.trim())),
    'must be a hop count or the proxies: addresses and CIDR ranges (or loopback, linklocal, uniquelocal), comma-separated',
  ),
  v.transform((text) => (/^\d+$/.test(text.trim()) ? Number(text) : text.split(',').map((entry) => entry.trim()))),
);

const EnvSchema = v.object({
  NODE_ENV: v.optional(v.picklist(['development', 'production', 'test']), 'development'),
  HOST: v.optional(v.string(), '127.0.0.1'),
  PORT: v.optional(port, '3000'),
  DATA_DIR: v.optional(v.string(), 'data'),
  WORK_DIR: v.optional(v.string()),
  DATABASE_URL: v.optional(v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\//, 'must start with postgres://'))),
  PUBLIC_APP_URL: v.optional(v.pipe(v.string(), v.url()), 'http://localhost:8080'),
  CORS_ORIGINS: v.optional(list),
  SMTP_URL: v.optional(v.pipe(v.string(), v.regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://'))),
  MAIL_FROM: v.optional(v.string(), 'Kagami <no-reply@kagami.local>'),
  GOOGLE_CLIENT_ID: v.optional(v.string()),
  GOOGLE_CLIENT_SECRET: v.optional(v.string()),
  GOOGLE_ISSUERS: v.optional(list, 'https://accounts.google.com,accounts.google.com'),
  GOOGLE_JWKS_URL: v.optional(v.pipe(v.string(), v.url()), 'https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_TOKEN_URL: v.optional(v.pipe(v.string(), v.url()), 'https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: v.optional(v.pipe(v.string(), v.url()), 'https://openidconnect.googleapis.com/v1/userinfo'),
  GOOGLE_TOKENINFO_URL: v.optional(v.pipe(v.string(), v.url()), 'https://oauth2.googleapis.com/tokeninfo'),
  SESSION_TTL_DAYS: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1)), '30'),
  TRUST_PROXY: v.optional(trustedProxies),
  RATE_LIMIT_MAX: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1)), '600'),
  UPLOAD_EXPIRY_SECONDS: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1)), '86400'),
  RENDER_SEGMENT_SECONDS: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(0)), '60'),
  RENDER_PART_WORKERS: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1)), '1'),
  JOB_CAPACITY: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(0)), '50'),
  RUN_WORKER: v.optional(v.picklist(['true', 'false']), 'true'),
  HEARTBEAT_FILE: v.optional(v.string()),
  WATERMARK: v.optional(v.picklist(['true', 'false']), 'true'),
  ASSET_SIGNING_SECRET: v.optional(v.pipe(v.string(), v.minLength(32, 'must be at least 32 characters'))),
  AUTH_RATE_LIMIT_MAX: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1)), '20'),
  API_KEY_RATE_LIMIT_MAX: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1)), '120'),
  LOG_LEVEL: v.optional(v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  SALES_EMAIL: v.optional(v.pipe(v.string(), v.email('must be an e-mail address')), 'sales@kagami.local'),
  STRIPE_SECRET_KEY: v.optional(v.string()),
  STRIPE_WEBHOOK_SECRET: v.optional(v.string()),
  STRIPE_PRICES: v.optional(
    v.pipe(
      v.string(),
      v.parseJson(undefined, 'must be JSON'),
      v.record(v.string(), v.string(), 'must map catalogue price ids to Stripe price ids'),
    ),
  ),
  STRIPE_API_URL: v.optional(v.pipe(v.string(), v.url())),
  PUBLIC_API_URL: v.optional(v.pipe(v.string(), v.url())),
  WEBHOOKS_ALLOW_PRIVATE: v.optional(v.picklist(['true', 'false']), 'false'),
  WEBHOOK_RETRY_SECONDS: v.optional(v.pipe(v.string(), v.transform(Number), v.minValue(0.01)), '5'),
  SPEECH_PROVIDER: v.optional(v.picklist(SPEECH_PROVIDERS), 'local'),
  SPEECH_PROVIDER_URL: v.optional(v.pipe(v.string(), v.url())),
  SPEECH_PROVIDER_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  SPEECH_PROVIDER_MODEL: v.optional(v.pipe(v.string(), v.regex(/^[\w.:/-]+$/))),
  /** For an OpenAI-compatible server: the voices to offer, `id:gender` (female or male) or `id`, comma-separated. */
  SPEECH_PROVIDER_VOICES: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]+(:(female|male))?(,[\w.-]+(:(female|male))?)*$/))),
  LIPSYNC_ENGINE: v.optional(v.picklist(LIPSYNC_ENGINES), 'local'),
  LIPSYNC_URL: v.optional(v.pipe(v.string(), v.url())),
  LIPSYNC_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  LIPSYNC_MODEL: v.optional(v.pipe(v.string(), v.regex(/^[\w.-]+(\/[\w.-]+)*(:[\w]+)?$/))),
  LIPSYNC_FALLBACK: v.optional(v.picklist(['true', 'false']), 'true'),
  OPS_TOKEN: v.optional(v.pipe(v.string(), v.minLength(24))),
  C2PA_SIGNING_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  C2PA_SIGNING_CERT: v.optional(v.pipe(v.string(), v.minLength(1))),
  MODERATION_BLOCKLIST: v.optional(v.pipe(v.string(), v.minLength(1))),
  MODERATION_PROVIDER: v.optional(v.picklist(['none', 'openai']), 'none'),
  MODERATION_URL: v.optional(v.pipe(v.string(), v.url()), 'https://api.openai.com'),
  MODERATION_API_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  MODERATION_MODEL: v.optional(v.pipe(v.string(), v.regex(/^[\w.:/-]+$/)), 'omni-moderation-latest'),
  MODERATION_ON_OUTAGE: v.optional(v.picklist(['refuse', 'allow']), 'refuse'),
  AVATAR_CONSENT: v.optional(v.picklist(['video', 'text']), 'video'),
  LIPSYNC_WEBHOOK_SECRET: v.optional(v.pipe(v.string(), v.startsWith('whsec_'))),
  LIPSYNC_TIMEOUT_SECONDS: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1)), '900'),
  LIPSYNC_RETRIES: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(0)), '2'),
  S3_BUCKET: v.optional(v.pipe(v.string(), v.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name'))),
  S3_ENDPOINT: v.optional(v.pipe(v.string(), v.url())),
  S3_PUBLIC_ENDPOINT: v.optional(v.pipe(v.string(), v.url())),
  S3_REGION: v.optional(v.pipe(v.string(), v.regex(/^[\w-]+$/)), 'us-east-1'),
  S3_ACCESS_KEY_ID: v.optional(v.pipe(v.string(), v.minLength(1))),
  S3_SECRET_ACCESS_KEY: v.optional(v.pipe(v.string(), v.minLength(1))),
  S3_FORCE_PATH_STYLE: v.optional(v.picklist(['true', 'false']), 'false'),
});

export type Config = {
  env: 'development' | 'production' | 'test';
  host: string;
  port: number;
  dataDir: string;
  /** Where jobs make their files while they run (removed after): WORK_DIR, or the system's temporary folder. */
  workDir?: string;
  /** A video longer than one and a half times this is rendered in parts of about this many seconds by any workers (0: never). */
  renderSegmentSeconds: number;
  /** How many parts of videos (or scenes) this process renders at once. */
  renderPartWorkers: number;
  databaseUrl?: string;
  publicAppUrl: string;
  corsOrigins: string[];
  smtpUrl?: string;
  mailFrom: string;
  google: {
    clientId?: string;
    clientSecret?: string;
    issuers: string[];
    jwksUrl: string;
    tokenUrl: string;
    userinfoUrl: string;
    /** Says which client an access token was issued to. */
    tokeninfoUrl: string;
  };
  sessionTtlDays: number;
  /**
   * Whose X-Forwarded-For names the client: none by default (the connection's address is the client), the proxies'
   * addresses and ranges, or a hop count. Every per-client limit keys on the address this gives.
   */
  trustProxy: false | number | string[];
  rateLimitMax: number;
  /** Per minute and client on sign-in, sign-up and code endpoints. */
  authRateLimitMax: number;
  /** Per minute and API key on /api/v1, counted in the database so it holds across API replicas. */
  apiKeyRateLimitMax: number;
  /** An unfinished upload is removed this long after its last byte arrived. */
  uploadExpirySeconds: number;
  /** Jobs waiting or running beyond which new creations are refused (`capacity_exhausted`). */
  jobCapacity: number;
  /** Run the generation worker in this process (the embedded default); `false` for an API-only process. */
  runWorker: boolean;
  /** A separate worker touches this file while it is healthy (its container's healthcheck). */
  heartbeatFile?: string;
  /** Signs short-lived asset URLs; shared by every API process (generated into the data folder when unset). */
  assetSigningSecret?: string;
  /** Burn the Kagami watermark into videos whose plan does not remove it (false: never, for a private deployment). */
  watermark: boolean;
  logLevel: string;
  /** Where Contact sales requests are mailed. */
  salesEmail: string;
  /** The `stripe` payment provider when STRIPE_SECRET_KEY is set; otherwise the built-in `local` one. */
  stripe?: { secretKey: string; webhookSecret: string; prices: Record<string, string>; apiUrl?: string };
  /** The lip-sync engine when LIPSYNC_ENGINE names a provider (Replicate or a Cog server, sync.so, fal); otherwise the local renderer. */
  lipSync?: LipSyncSettings;
  /** Neural speech when SPEECH_PROVIDER names a service (OpenAI-compatible, ElevenLabs); otherwise the local engines only. */
  speech?: SpeechProviderSettings;
  /** The bearer token of the operators' reports (`/api/ops/…`); without it they are not served. */
  opsToken?: string;
  /** The Content Credentials signer's key and certificate chain (PEM or a file's path); both unset: made on first start. */
  contentCredentials: { key?: string; cert?: string };
  /** `video`: an avatar needs a consent clip the worker checks; `text`: the typed statement alone (private deployments). */
  avatarConsent: 'video' | 'text';
  /** Scripts are checked against the operators' list (a file of terms) and, when one is set, a moderation provider. */
  moderation: { blocklistFile?: string; provider?: ModerationSettings };
  /** This API's address as the outside world reaches it: links in webhook events (default http://localhost:PORT). */
  publicApiUrl: string;
  /** Media in an S3-compatible bucket when S3_BUCKET is set; otherwise in DATA_DIR. */
  s3?: S3Options;
  webhooks: {
    /** Deliver to private, loopback and link-local addresses too (never in production; tests and local setups). */
    allowPrivate: boolean;
    /** Endpoints must be https (in production). */
    requireHttps: boolean;
    /** The first retry's delay; each next one is four times longer (at most 4 h), for 24 h. */
    firstRetryMs: number;
  };
};

export class ConfigError extends Error {}

/** Where each speech provider's API is, unless SPEECH_PROVIDER_URL says otherwise. */
const DEFAULT_SPEECH_URLS = { openai: 'https://api.openai.com', elevenlabs: 'https://api.elevenlabs.io' } as const;

/** Reads and validates the environment; throws a ConfigError naming every bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = v.safeParse(EnvSchema, present);
  if (!result.success) {
    const lines = result.issues.map((issue) => `  ${v.getDotPath(issue) ?? '?'}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = result.output;
  if (e.STRIPE_SECRET_KEY && (!e.STRIPE_WEBHOOK_SECRET || !e.STRIPE_PRICES)) {
    throw new ConfigError(
      'Invalid configuration:\n  STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET and STRIPE_PRICES (pnpm stripe:catalogue prints them)',
    );
  }
  if (e.SPEECH_PROVIDER === 'elevenlabs' && !e.SPEECH_PROVIDER_KEY) {
    throw new ConfigError('Invalid configuration:\n  SPEECH_PROVIDER=elevenlabs needs SPEECH_PROVIDER_KEY (the ElevenLabs API key)');
  }
  if (e.SPEECH_PROVIDER === 'openai' && !e.SPEECH_PROVIDER_KEY && !e.SPEECH_PROVIDER_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  SPEECH_PROVIDER=openai needs SPEECH_PROVIDER_KEY (OpenAI) or SPEECH_PROVIDER_URL (a compatible server of your own)',
    );
  }
  if ((e.LIPSYNC_ENGINE === 'sync' || e.LIPSYNC_ENGINE === 'fal') && !e.LIPSYNC_KEY) {
    throw new ConfigError(`Invalid configuration:\n  LIPSYNC_ENGINE=${e.LIPSYNC_ENGINE} needs LIPSYNC_KEY (the provider's API key)`);
  }
  if (e.LIPSYNC_ENGINE === 'replicate' && !e.LIPSYNC_KEY && !e.LIPSYNC_URL) {
    throw new ConfigError(
      'Invalid configuration:\n  LIPSYNC_ENGINE=replicate needs LIPSYNC_KEY (Replicate) or LIPSYNC_URL (a Cog server of your own)',
    );
  }
  const s3Named = Object.keys(e).filter((name) => name.startsWith('S3_') && name !== 'S3_REGION' && name !== 'S3_FORCE_PATH_STYLE');
  if (!e.S3_BUCKET && s3Named.length) {
    throw new ConfigError(`Invalid configuration:\n  S3_BUCKET (the bucket that holds the media) is needed with ${s3Named.join(', ')}`);
  }
  if (!e.S3_ACCESS_KEY_ID !== !e.S3_SECRET_ACCESS_KEY) {
    throw new ConfigError('Invalid configuration:\n  S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  const publicAppUrl = e.PUBLIC_APP_URL.replace(/\/$/, '');
  const publicApiUrl = (e.PUBLIC_API_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const localFrontends = [8080, 8081, 8082, 8083, 8084].map((p) => `http://localhost:${p}`);
  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    dataDir: resolve(e.DATA_DIR),
    workDir: e.WORK_DIR ? resolve(e.WORK_DIR) : undefined,
    renderSegmentSeconds: e.RENDER_SEGMENT_SECONDS,
    renderPartWorkers: e.RENDER_PART_WORKERS,
    databaseUrl: e.DATABASE_URL,
    publicAppUrl,
    corsOrigins: e.CORS_ORIGINS ?? [publicAppUrl, ...localFrontends],
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      issuers: e.GOOGLE_ISSUERS,
      jwksUrl: e.GOOGLE_JWKS_URL,
      tokenUrl: e.GOOGLE_TOKEN_URL,
      userinfoUrl: e.GOOGLE_USERINFO_URL,
      tokeninfoUrl: e.GOOGLE_TOKENINFO_URL,
    },
    sessionTtlDays: e.SESSION_TTL_DAYS,
    trustProxy: e.TRUST_PROXY ?? false,
    rateLimitMax: e.RATE_LIMIT_MAX,
    authRateLimitMax: e.AUTH_RATE_LIMIT_MAX,
    apiKeyRateLimitMax: e.API_KEY_RATE_LIMIT_MAX,
    uploadExpirySeconds: e.UPLOAD_EXPIRY_SECONDS,
    jobCapacity: e.JOB_CAPACITY,
    runWorker: e.RUN_WORKER === 'true',
    heartbeatFile: e.HEARTBEAT_FILE,
    assetSigningSecret: e.ASSET_SIGNING_SECRET,
    watermark: e.WATERMARK === 'true',
    logLevel: e.LOG_LEVEL,
    salesEmail: e.SALES_EMAIL,
    stripe: e.STRIPE_SECRET_KEY
      ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET!, prices: e.STRIPE_PRICES!, apiUrl: e.STRIPE_API_URL }
      : undefined,
    publicApiUrl,
    opsToken: e.OPS_TOKEN,
    contentCredentials: { key: e.C2PA_SIGNING_KEY, cert: e.C2PA_SIGNING_CERT },
    avatarConsent: e.AVATAR_CONSENT,
    moderation: {
      blocklistFile: e.MODERATION_BLOCKLIST,
      provider:
        e.MODERATION_PROVIDER === 'none'
          ? undefined
          : {
              provider: e.MODERATION_PROVIDER,
              url: e.MODERATION_URL,
              key: e.MODERATION_API_KEY,
              model: e.MODERATION_MODEL,
              onOutage: e.MODERATION_ON_OUTAGE,
              http: { requestTimeoutMs: 15_000, retries: 2, backoffMs: 500, maxWaitMs: 5_000 },
            },
    },
    s3: e.S3_BUCKET
      ? {
          bucket: e.S3_BUCKET,
          region: e.S3_REGION,
          endpoint: e.S3_ENDPOINT,
          // AWS's own endpoint is public; another server's address may be one only this network reaches.
          downloadEndpoint: e.S3_PUBLIC_ENDPOINT ?? (e.S3_ENDPOINT ? null : undefined),
          credentials: e.S3_ACCESS_KEY_ID ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY! } : undefined,
          forcePathStyle: e.S3_FORCE_PATH_STYLE === 'true',
        }
      : undefined,
    webhooks: {
      allowPrivate: e.WEBHOOKS_ALLOW_PRIVATE === 'true',
      requireHttps: e.NODE_ENV === 'production',
      firstRetryMs: Math.round(e.WEBHOOK_RETRY_SECONDS * 1000),
    },
    speech:
      e.SPEECH_PROVIDER === 'local'
        ? undefined
        : {
            provider: e.SPEECH_PROVIDER,
            url: e.SPEECH_PROVIDER_URL ?? DEFAULT_SPEECH_URLS[e.SPEECH_PROVIDER],
            key: e.SPEECH_PROVIDER_KEY,
            model: e.SPEECH_PROVIDER_MODEL,
            voices: e.SPEECH_PROVIDER_VOICES?.split(',').map((entry) => {
              const [id, gender] = entry.split(':') as [string, Gender | undefined];
              return { id, name: id, gender: gender ?? null, previewUrl: null };
            }),
            requestTimeoutMs: 120_000,
            retries: 2,
            backoffMs: 1000,
            maxWaitMs: 30_000,
          },
    lipSync:
      e.LIPSYNC_ENGINE === 'local'
        ? undefined
        : {
            engine: e.LIPSYNC_ENGINE,
            url: e.LIPSYNC_URL,
            key: e.LIPSYNC_KEY,
            model: e.LIPSYNC_MODEL,
            fallback: e.LIPSYNC_FALLBACK === 'true',
            webhook:
              e.LIPSYNC_ENGINE === 'replicate' && e.LIPSYNC_KEY && e.LIPSYNC_WEBHOOK_SECRET
                ? { url: `${publicApiUrl}${LIPSYNC_WEBHOOK_PATH}`, secret: e.LIPSYNC_WEBHOOK_SECRET }
                : undefined,
            http: {
              requestTimeoutMs: 60_000,
              jobTimeoutMs: e.LIPSYNC_TIMEOUT_SECONDS * 1000,
              retries: e.LIPSYNC_RETRIES,
              backoffMs: 1000,
              maxWaitMs: 30_000,
            },
          },
  };
}
