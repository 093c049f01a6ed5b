// Fuzzing every route from its own schemas with fast-check: hostile values in every field, query and
// path parameter (wrong types, missing and extra fields, huge and unicode strings, null bytes, negative
// and huge numbers, path traversal, SQL-looking text), malformed JSON and wrong content types, then
// truncated tus uploads and media with corrupt headers. No answer may be a 5xx; every refusal is a JSON
// error with a code and a message; the server's memory stays flat. FUZZ_SEED=<n> replays a run.
import { toJsonSchema } from '@valibot/to-json-schema';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { build, call, onboardedUser, subscribe, tusMetadata, type TestApp } from './helper';

const SEED = Number(process.env.FUZZ_SEED ?? 20261124);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 10_000);
/** The built-in checkout and billing portal, and a shared video's pages, are for people: their refusals are pages too. */
const PAGES = /^\/(api\/billing\/(checkout|portal)|share)\//;
/** Routes that stay open (a server-sent event stream) are fuzzed on their refusals only. */
const STREAMS = new Set(['/api/teams/:teamId/events']);
/** These end the session they are called with: fuzzed without one, so the other routes keep theirs. */
const SESSION_ENDERS = new Set(['/api/logout', '/api/refresh']);

type JsonSchema = { type?: string; properties?: Record<string, JsonSchema>; enum?: unknown[]; items?: JsonSchema; anyOf?: JsonSchema[] };
type Fuzzed = { method: string; url: string; headers: Record<string, string>; payload?: string };

let t: TestApp;
const who = { token: '', key: '', teamId: '' };
const answers = { total: 0, byStatus: new Map<number, number>() };

beforeAll(async () => {
  t = await build({ RUN_WORKER: 'false', API_KEY_RATE_LIMIT_MAX: '1000000' });
  const owner = await onboardedUser(t.app, 'fuzz@example.com', 'Fuzz Team');
  who.token = owner.token;
  who.teamId = owner.teamId;
  who.key = (await call(t.app, { method: 'POST', url: `/api/teams/${owner.teamId}/api-key`, token: owner.token })).body.api_key;
  await subscribe(t, owner.token, 'price_api_starter_month_usd');
}, 60_000);
afterAll(() => t.close());

const schemaOf = (route: RouteOptions, part: 'body' | 'querystring' | 'params'): JsonSchema | null => {
  const schema = (route.schema as Record<string, unknown> | undefined)?.[part];
  if (!schema || typeof schema !== 'object' || !('~standard' in schema)) return null;
  return toJsonSchema(schema as never, { errorMode: 'ignore' }) as JsonSchema;
};

/** Values meant to break things: each arbitrary field gets one of these, or a plausible value. */
const hostile = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '../../../../etc/passwd',
    '..%2F..%2Fetc%2Fpasswd',
    "' OR '1'='1' --",
    "'; DROP TABLE users; --",
    '%00',
    '${7*7}{{7*7}}',
    '<script>alert(1)</script>',
    '🙂'.repeat(500),
    'x'.repeat(20_000),
    '00000000-0000-0000-0000-000000000000',
    'NaN',
    '-1',
    '1e309',
  ),
  fc.integer(),
  fc.constantFrom(-1, 0, 2 ** 31, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, 1e308, -0),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string({ maxLength: 8 }), fc.integer()), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 6 }), fc.string({ maxLength: 6 }), { maxKeys: 3 }),
);

/** A value the schema would accept, so that other fields' hostility reaches deeper code. */
function plausible(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return hostile;
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map(plausible));
  switch (schema.type) {
    case 'boolean':
      return fc.boolean();
    case 'number':
    case 'integer':
      return fc.integer({ min: 0, max: 100 });
    case 'array':
      return fc.array(plausible(schema.items), { maxLength: 3 });
    case 'object':
      return objectFor(schema);
    default:
      return fc.oneof(fc.constant(who.teamId), fc.emailAddress(), fc.string({ minLength: 1, maxLength: 20 }), fc.webUrl());
  }
}

/** An object for the schema: each field plausible, hostile or missing, sometimes with extra fields. */
function objectFor(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const fields = Object.entries(schema.properties ?? {});
  const chosen = fields.map(([name, field]) =>
    fc.oneof(fc.constant(undefined), plausible(field), hostile).map((value) => [name, value] as const),
  );
  return fc
    .tuple(fc.tuple(...chosen), fc.dictionary(fc.string({ maxLength: 10 }), hostile, { maxKeys: 2 }))
    .map(([values, extra]) => ({ ...extra, ...Object.fromEntries(values.filter(([, value]) => value !== undefined)) }));
}

const text = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** One request to the route: credentials of the team (or none), fuzzed path, query and body. */
function requestFor(route: RouteOptions, method: string): fc.Arbitrary<Fuzzed> {
  const params = route.url.match(/:(\w+)|\*/g) ?? [];
  const query = schemaOf(route, 'querystring');
  const body = schemaOf(route, 'body');
  const credentials = SESSION_ENDERS.has(route.url)
    ? fc.constant({})
    : fc.constantFrom<Record<string, string>>(
        route.url.startsWith('/api/v1/') ? { 'x-api-key': who.key } : { authorization: `Bearer ${who.token}` },
        {},
      );
  const pathValue = fc.oneof(fc.constant(who.teamId), fc.uuid(), hostile.map(text));
  const payload = fc.oneof(
    {
      weight: 6,
      arbitrary: (body ? objectFor(body) : hostile).map((value) => ({ type: 'application/json', data: JSON.stringify(value) ?? 'null' })),
    },
    { weight: 1, arbitrary: hostile.map((value) => ({ type: 'application/json', data: JSON.stringify(value) ?? 'null' })) },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom('{', '{"a":', '[1,2', 'nul', '{"__proto__":{"admin":true}}', '\u0000')
        .map((data) => ({ type: 'application/json', data })),
    },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml'),
          fc.string(),
        )
        .map(([type, data]) => ({ type, data })),
    },
  );
  return fc
    .record({
      credentials,
      path: fc.tuple(...params.map(() => pathValue)),
      query: query ? objectFor(query) : fc.constant({}),
      payload,
    })
    .map(({ credentials: headers, path, query: q, payload: p }) => {
      let i = 0;
      const url = (route.url === '*' ? '/*' : route.url).replace(/:(\w+)|\*/g, () => encodeURIComponent(path[i++] ?? ''));
      const search = new URLSearchParams(Object.entries(q).map(([k, v]) => [k, text(v)])).toString();
      const hasBody = !['GET', 'HEAD', 'OPTIONS', 'DELETE'].includes(method) || (method === 'DELETE' && body !== null);
      return {
        method,
        url: `${url}${search ? `?${search}` : ''}`,
        headers: hasBody ? { ...headers, 'content-type': p.type } : headers,
        payload: hasBody ? p.data : undefined,
      };
    });
}

/** The answer is no fault, and a refusal says what went wrong in the error shape. */
async function check(request: Fuzzed) {
  const response = await t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: request.headers,
    payload: request.payload,
  });
  answers.total += 1;
  answers.byStatus.set(response.statusCode, (answers.byStatus.get(response.statusCode) ?? 0) + 1);
  // Fuzzing the key route replaces the team's key: the routes after it use the newest, so they get past the key check.
  if (request.method === 'POST' && response.statusCode < 300 && request.url.endsWith('/api-key')) who.key = response.json().api_key;
  if (response.statusCode >= 500)
    throw new Error(`${response.statusCode} for ${request.method} ${request.url}: ${response.body.slice(0, 300)}`);
  const page = PAGES.test(request.url) && String(response.headers['content-type']).startsWith('text/html');
  if (response.statusCode >= 400 && request.method !== 'HEAD' && !page) {
    let error: { code?: unknown; message?: unknown } = {};
    try {
      error = response.json();
    } catch {
      // Not JSON: reported below.
    }
    if (typeof error.code !== 'string' || typeof error.message !== 'string')
      throw new Error(
        `${response.statusCode} without {code, message} for ${request.method} ${request.url}: ${response.body.slice(0, 200)}`,
      );
  }
}

const heapMb = () => {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed / 2 ** 20;
};

test(`${REQUESTS} fuzzed requests over every route: no 5xx, every refusal a JSON error, memory flat (seed printed)`, async () => {
  const routes = t.app.routeTable
    .filter((route) => !route.url.startsWith('/api/uploads') && !route.url.startsWith('/api/docs'))
    .flatMap((route) => [route.method].flat().map((method) => ({ route, method })))
    .filter(({ method }) => method !== 'HEAD');
  const perRoute = Math.ceil(REQUESTS / routes.length);
  console.log(`fuzz: seed ${SEED}, ${routes.length} routes, ${perRoute} requests each (replay: FUZZ_SEED=${SEED})`);
  const heapBefore = heapMb();
  for (const [index, { route, method }] of routes.entries()) {
    const streaming = STREAMS.has(route.url);
    await fc.assert(
      fc.asyncProperty(
        requestFor(route, method).filter((r) => !streaming || !r.headers.authorization),
        check,
      ),
      { seed: SEED + index, numRuns: perRoute, endOnFailure: true },
    );
  }
  const heapAfter = heapMb();
  const statuses = [...answers.byStatus].sort(([a], [b]) => a - b).map(([status, n]) => `${status}:${n}`);
  console.log(
    `fuzz: ${answers.total} requests, 5xx: 0, answers ${statuses.join(' ')}; heap ${heapBefore.toFixed(0)} MB -> ${heapAfter.toFixed(0)} MB`,
  );
  expect(answers.total).toBeGreaterThanOrEqual(REQUESTS);
  expect(heapAfter - heapBefore).toBeLessThan(64);
}, 600_000);

test('tus uploads: hostile headers and ids, truncated and overlong bodies, corrupt media: no 5xx, every refusal a JSON error', async () => {
  const auth = { authorization: `Bearer ${who.token}`, 'tus-resumable': '1.0.0' };
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...auth,
      'upload-length': '1000',
      'upload-metadata': tusMetadata({ purpose: 'avatar_video', team_id: who.teamId, filename: 'a.mp4' }),
    },
  });
  expect(created.statusCode).toBe(201);
  const id = created.headers.location!.split('/').pop()!;
  let requests = 0;
  await fc.assert(
    fc.asyncProperty(
      fc.record({
        method: fc.constantFrom('POST', 'PATCH', 'HEAD', 'DELETE'),
        target: fc.oneof(fc.constant(id), fc.uuid(), hostile.map(text)),
        offset: fc.oneof(fc.constantFrom('0', '10', '999', '1000', '5000', '-1', 'abc', ''), hostile.map(text)),
        length: fc.oneof(fc.constantFrom('0', '1000', '-5', '99999999999999', 'x'), hostile.map(text)),
        metadata: fc.oneof(
          fc.constant(tusMetadata({ purpose: 'avatar_video', team_id: who.teamId, filename: 'b.mp4' })),
          fc
            .dictionary(fc.constantFrom('purpose', 'team_id', 'filename', 'filetype', 'x'), hostile.map(text), { maxKeys: 4 })
            .map(tusMetadata),
          hostile.map(text),
        ),
        body: fc.uint8Array({ maxLength: 2000 }),
      }),
      async ({ method, target, offset, length, metadata, body }) => {
        requests += 1;
        const collection = method === 'POST';
        const headers: Record<string, string> = collection
          ? { ...auth, 'upload-length': length, 'upload-metadata': metadata }
          : { ...auth, 'upload-offset': offset, 'content-type': 'application/offset+octet-stream' };
        await check({
          method,
          url: collection ? '/api/uploads' : `/api/uploads/${encodeURIComponent(target)}`,
          headers: Object.fromEntries(Object.entries(headers).filter(([, value]) => /^[\t\x20-\x7e]*$/.test(value))),
          payload: method === 'PATCH' ? (Buffer.from(body) as never) : undefined,
        });
      },
    ),
    { seed: SEED, numRuns: 600, endOnFailure: true },
  );

  // A whole file that claims to be a video and is not: refused by its content, and the avatar with it too.
  const garbage = Buffer.concat([Buffer.from('\x00\x00\x00\x18ftypisom\x00\x00\x02\x00isomiso2'), Buffer.alloc(3000, 7)]);
  const upload = await t.app.inject({
    method: 'POST',
    url: '/api/uploads',
    headers: {
      ...auth,
      'upload-length': String(garbage.length),
      'upload-metadata': tusMetadata({ purpose: 'avatar_video', team_id: who.teamId, filename: 'corrupt.mp4' }),
    },
  });
  const finished = await t.app.inject({
    method: 'PATCH',
    url: new URL(upload.headers.location!, 'http://x').pathname,
    headers: { ...auth, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    payload: garbage,
  });
  expect(finished.statusCode).toBe(422);
  expect(finished.json()).toMatchObject({ code: 'not_a_video' });
  const avatar = await call(t.app, {
    method: 'POST',
    url: `/api/teams/${who.teamId}/avatars`,
    token: who.token,
    body: {
      name: 'Corrupt',
      language: 'en',
      upload_id: upload.headers.location!.split('/').pop(),
      consent_text: 'I, fuzz@example.com, agree.',
    },
  });
  expect(avatar).toMatchObject({ status: 400, body: { code: 'upload_not_ready' } });
  console.log(`fuzz: ${requests} tus requests and a corrupt video, 5xx: 0`);
}, 300_000);
