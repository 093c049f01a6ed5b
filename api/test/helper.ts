import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { loadConfig, type Config } from '../src/config';
import { buildApp, type BuildOptions } from '../src/app';
import { connectDatabase, type DatabaseHandle } from '../src/db/connect';
import { avatars } from '../src/db/schema';
import { addMonths, recordSubscription } from '../src/domains/billing/subscriptions';
import { runFfmpeg } from '../src/media/tools';
import { lavfiClip, PORTRAIT } from './media/fixtures';
import { appApiContract } from './contract';

/**
 * Every answer of every app a test file builds is checked against the app's OpenAPI document; the file fails on a
 * violation. (Outside jest, as the benchmarks use these helpers, there is no file to fail.)
 */
const appContract = appApiContract();
if (typeof afterAll === 'function')
  afterAll(() => {
    if (appContract.violations.length) {
      throw new Error(`Answers outside api/openapi.json:\n${[...new Set(appContract.violations)].join('\n')}`);
    }
    if (appContract.answers.size) {
      const file = relative(resolve(__dirname, '..'), expect.getState().testPath ?? '');
      process.stdout.write(`App contract, ${file}: ${appContract.answers.size} kinds of answer checked, 0 violations.\n`);
    }
  });

/**
 * Each test file gets its own database: in-memory PGlite, or a fresh database on the
 * PostgreSQL server named by TEST_DATABASE_URL or `serverUrl` (dropped again on close).
 */
export async function openTestDatabase(serverUrl = process.env.TEST_DATABASE_URL): Promise<DatabaseHandle & { label: string }> {
  if (!serverUrl) return { ...(await connectDatabase({ dataDir: null })), label: 'pglite' };
  const name = `kagami_test_${randomUUID().replace(/-/g, '')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await connectDatabase({ databaseUrl: url.toString(), dataDir: null });
  return {
    ...handle,
    url: url.toString(),
    label: 'postgres',
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export type TestApp = { app: FastifyInstance; config: Config; database: DatabaseHandle; close: () => Promise<void> };

export async function build(env: Record<string, string> = {}, options: Pick<BuildOptions, 'onAnswer'> = {}): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'kagami-api-test-')),
    // The consent clip's checks have tests of their own; other journeys make avatars from the typed statement.
    AVATAR_CONSENT: 'text',
    ...env,
  });
  const database = await openTestDatabase();
  const app = await buildApp(config, {
    database,
    onAnswer: (request, reply, payload) => {
      appContract.onAnswer(request, reply, payload);
      options.onAnswer?.(request, reply, payload);
    },
  });
  return {
    app,
    config,
    database,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

type InjectArgs = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
};

export async function call(app: FastifyInstance, { method = 'GET', url, body, token, headers = {} }: InjectArgs) {
  const response = await app.inject({
    method,
    url,
    payload: body as never,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  const json = response.body ? JSON.parse(response.body) : undefined;
  return { status: response.statusCode, body: json, headers: response.headers };
}

export async function latestMail(app: FastifyInstance, to: string) {
  const { body } = await call(app, { url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` });
  const message = body.messages[0];
  if (!message) throw new Error(`no mail for ${to}`);
  return message as { subject: string; text: string; html: string };
}

/** The newest mail to `to` whose subject matches, waited for (a worker mails after it records the outcome). */
export async function mailMatching(app: FastifyInstance, to: string, subject: RegExp) {
  const { body } = await eventually(
    () => call(app, { url: `/api/dev/mailbox?to=${encodeURIComponent(to)}` }),
    (r) => (r.body.messages as { subject: string }[]).some((m) => subject.test(m.subject)),
    30_000,
  );
  return (body.messages as { subject: string; text: string }[]).find((m) => subject.test(m.subject))!;
}

export const codeIn = (text: string) => text.match(/\b(\d{6})\b/)![1]!;

export const PASSWORD = 'correct-horse-9';

/** Signs a new user up through the public endpoints, the code read from the outbox. */
export async function signUp(app: FastifyInstance, email: string, extra: Record<string, string> = {}) {
  await call(app, { method: 'POST', url: '/api/auth/send-verification-code', body: { email } });
  const code = codeIn((await latestMail(app, email)).text);
  const { status, body } = await call(app, {
    method: 'POST',
    url: '/api/auth/signup',
    body: { email, password: PASSWORD, code, ...extra },
  });
  if (status !== 201) throw new Error(`signup failed ${status} ${JSON.stringify(body)}`);
  return body.token as string;
}

/** A user with a name and a team of their own: what the app needs to land on Home. */
export async function onboardedUser(app: FastifyInstance, email: string, teamName = 'Team') {
  const token = await signUp(app, email);
  await call(app, {
    method: 'PUT',
    url: '/api/users/update-profile',
    token,
    body: { name: email.split('@')[0], company_name: '', number_of_employees: '2-10', role: 'ENGINEER_DESIGNER_RESEARCHER' },
  });
  const team = await call(app, { method: 'POST', url: '/api/teams', token, body: { name: teamName } });
  return { token, teamId: team.body.id as string };
}

/** Uploads a file through the real tus endpoint of a listening app; resolves to the upload id. */
export async function uploadFile(app: FastifyInstance, token: string, teamId: string, file: Buffer, purpose: string): Promise<string> {
  const tus = await import('tus-js-client');
  const address = app.server.address() as import('node:net').AddressInfo;
  return new Promise((resolve, reject) => {
    const upload = new tus.Upload(file, {
      endpoint: `http://127.0.0.1:${address.port}/api/uploads`,
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [],
      headers: { Authorization: `Bearer ${token}` },
      metadata: {
        team_id: teamId,
        purpose,
        filename: `upload.${{ avatar_video: 'mp4', avatar_photo: 'jpg', avatar_consent: 'mp4' }[purpose] ?? 'wav'}`,
        filetype: 'application/octet-stream',
      },
      onSuccess: () => resolve(upload.url!.split('/').pop()!),
      onError: reject,
    });
    upload.start();
  });
}

/** A wait of `ms`, stretched as jest's timeouts are by TEST_TIMEOUT_SCALE (shared/jest/scale-timeouts.cjs). */
export const stretched = (ms: number) => ms * Number(process.env.TEST_TIMEOUT_SCALE ?? 1);

/** Polls until `done` holds for the answer, or fails after `timeoutMs` (stretched). */
export async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + stretched(timeoutMs);
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Puts a user on the plan of a price, as a completed checkout does, for a period starting now. */
export async function subscribe(t: TestApp, token: string, priceId: string) {
  const profile = await call(t.app, { url: '/api/profile', token });
  const start = new Date();
  await recordSubscription(t.database.db, {
    userId: profile.body.id as string,
    priceId,
    status: 'active',
    currentPeriodStart: start,
    currentPeriodEnd: addMonths(start, priceId.includes('_year_') ? 12 : 1),
  });
}

/** A ready avatar whose loop is a plain two-second clip (a test pattern unless told): renders with it are real, only quick. */
export async function readyLoopAvatar(t: TestApp, teamId: string, name = 'Looper', source = 'testsrc=size=320x240:rate=25:duration=2') {
  const loop = `${randomUUID()}-loop.mp4`;
  await lavfiClip(join(t.config.dataDir, 'avatar_output', loop), source);
  const [avatar] = await t.database.db
    .insert(avatars)
    .values({ teamId, name, language: 'en', status: 'ready', source: 'x.mp4', loop, consentText: 'I agree', consentAt: new Date() })
    .returning();
  return avatar!.id;
}

/** A tus `Upload-Metadata` header: each field's value in base64. */
export const tusMetadata = (fields: Record<string, string>) =>
  Object.entries(fields)
    .map(([k, v]) => `${k} ${Buffer.from(v).toString('base64')}`)
    .join(',');

/** An avatar made from the portrait photo fixture (typed consent), waited for until ready: its id. */
export async function readyPhotoAvatar(
  app: FastifyInstance,
  owner: { token: string; teamId: string },
  email: string,
  dir: string,
  name: string,
) {
  const jpeg = join(dir, 'portrait.jpg');
  await runFfmpeg(['-i', PORTRAIT.photo, '-vf', PORTRAIT.crop, jpeg]);
  const photo = await uploadFile(app, owner.token, owner.teamId, readFileSync(jpeg), 'avatar_photo');
  const base = `/api/teams/${owner.teamId}`;
  const body = { name, language: 'en', upload_id: photo, consent_text: `I, ${email}, agree.` };
  const avatar = await call(app, { method: 'POST', url: `${base}/avatars`, token: owner.token, body });
  const ready = await eventually(
    () => call(app, { url: `${base}/avatars/${avatar.body.id}`, token: owner.token }),
    (r) => r.body.status !== 'in_progress',
    180_000,
  );
  if (ready.body.status !== 'ready') throw new Error(`the avatar ended ${ready.body.status}: ${ready.body.reason}`);
  return avatar.body.id as string;
}
