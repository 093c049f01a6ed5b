// /api/v1 with a team's key: lists in cursor pages, items, the signed download, deletion, quota, video
// creation with idempotency keys, and the refusals (no key, a session token, a replaced key, another
// team's ids, bad cursors and bodies, no API subscription). The worker does not run: created videos wait.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { CONTENT_LANGUAGES } from '@kagami/shared/validation';
import { avatars, usage, videos, voices } from '../src/db/schema';
import { build, call, onboardedUser, subscribe, type TestApp } from './helper';
import { publicApiContract } from './contract';

const contract = publicApiContract();
let t: TestApp;
const team = { id: '', token: '', key: '' };
const other = { id: '', token: '', key: '', avatarId: '', videoId: '' };
const avatarIds: string[] = [];
let readyVideoId = '';
let runningVideoId = '';

const v1 = (
  url: string,
  key: string | null,
  method: 'GET' | 'POST' | 'DELETE' = 'GET',
  headers: Record<string, string> = {},
  body?: unknown,
) => call(t.app, { method, url: `/api/v1${url}`, headers: key ? { 'x-api-key': key, ...headers } : headers, body });

async function keyFor(token: string, teamId: string) {
  return (await call(t.app, { method: 'POST', url: `/api/teams/${teamId}/api-key`, token })).body.api_key as string;
}

async function addAvatar(teamId: string, name: string, createdAt: Date) {
  const [row] = await t.database.db
    .insert(avatars)
    .values({
      teamId,
      name,
      language: 'en',
      status: 'ready',
      source: `${name}.mp4`,
      consentText: 'I agree',
      consentAt: createdAt,
      createdAt,
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  t = await build({ RUN_WORKER: 'false' }, { onAnswer: contract.onAnswer });
  const owner = await onboardedUser(t.app, 'api-owner@example.com', 'API Team');
  Object.assign(team, { id: owner.teamId, token: owner.token, key: await keyFor(owner.token, owner.teamId) });
  const outsider = await onboardedUser(t.app, 'api-other@example.com', 'Other Team');
  Object.assign(other, { id: outsider.teamId, token: outsider.token, key: await keyFor(outsider.token, outsider.teamId) });

  const base = Date.parse('2026-11-01T10:00:00Z');
  // Two avatars made in the same millisecond: the cursor must still tell them apart.
  for (const [i, offset] of [0, 1000, 1000, 2000, 3000].entries())
    avatarIds.push(await addAvatar(team.id, `Avatar ${i}`, new Date(base + offset)));
  other.avatarId = await addAvatar(other.id, 'Not yours', new Date(base));
  await t.database.db.insert(voices).values({ teamId: team.id, name: 'My voice', language: 'ja', status: 'ready' });
  const [ready, running, foreign] = await t.database.db
    .insert(videos)
    .values([
      {
        teamId: team.id,
        avatarId: avatarIds[0],
        name: 'Ready one',
        language: 'en',
        status: 'ready',
        output: 'ready-one.mp4',
        durationMs: 4200,
      },
      { teamId: team.id, avatarId: avatarIds[0], name: 'Still rendering', language: 'en', status: 'in_progress' },
      { teamId: other.id, avatarId: other.avatarId, name: 'Not yours', language: 'en', status: 'ready', output: 'not-yours.mp4' },
    ])
    .returning();
  readyVideoId = ready!.id;
  runningVideoId = running!.id;
  other.videoId = foreign!.id;
  writeFileSync(join(t.config.dataDir, 'video_output', 'ready-one.mp4'), 'the video bytes');
});
afterAll(() => t.close());

test('the key opens the API; no key, a session token or a replaced key do not', async () => {
  expect((await v1('/team', team.key)).body).toMatchObject({ id: team.id, name: 'API Team' });
  expect(await v1('/avatars', null)).toMatchObject({ status: 401, body: { code: 'api_key_invalid' } });
  expect(await v1('/avatars', 'kgm_not-a-key')).toMatchObject({ status: 401, body: { code: 'api_key_invalid' } });
  expect(await v1('/avatars', null, 'GET', { authorization: `Bearer ${team.token}` })).toMatchObject({
    status: 401,
    body: { code: 'api_key_required' },
  });
  const replaced = await keyFor(other.token, other.id);
  expect(await v1('/avatars', other.key)).toMatchObject({ status: 401, body: { code: 'api_key_invalid' } });
  other.key = replaced;
  expect((await v1('/avatars', other.key)).status).toBe(200);
});

test("avatars come newest first in cursor pages, every one once, only the key's team's", async () => {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await v1(`/avatars?limit=2${cursor ? `&cursor=${cursor}` : ''}`, team.key);
    expect(page.status).toBe(200);
    seen.push(...(page.body.data as { id: string }[]).map((a) => a.id));
    cursor = page.body.next_cursor as string | null;
    pages += 1;
  } while (cursor);
  expect(pages).toBe(3);
  expect(seen).toHaveLength(5);
  expect(new Set(seen).size).toBe(5);
  expect(seen[0]).toBe(avatarIds[4]);
  expect(seen.at(-1)).toBe(avatarIds[0]);
  expect(seen).not.toContain(other.avatarId);

  const one = await v1(`/avatars/${avatarIds[1]}`, team.key);
  expect(one.body).toMatchObject({
    id: avatarIds[1],
    name: 'Avatar 1',
    status: 'ready',
    failure_reason: null,
    created_at: '2026-11-01T10:00:01.000Z',
  });
  expect(await v1(`/avatars/${other.avatarId}`, team.key)).toMatchObject({ status: 404, body: { code: 'not_found' } });
});

test('bad pages are refused with a reason', async () => {
  expect(await v1('/avatars?cursor=garbage', team.key)).toMatchObject({ status: 400, body: { code: 'cursor_invalid' } });
  expect((await v1('/avatars?limit=0', team.key)).status).toBe(400);
  expect((await v1('/avatars?limit=101', team.key)).status).toBe(400);
  expect((await v1('/avatars/not-a-uuid', team.key)).status).toBe(400);
});

test('voices: the built-in ones (a female and a male per language) first, then the team voice models', async () => {
  const { body } = await v1('/voices?limit=100', team.key);
  const data = body.data as { id: string; kind: string; language: string; name: string; gender: string; preview_url: string }[];
  const builtins = data.filter((voice) => voice.kind === 'builtin');
  for (const language of CONTENT_LANGUAGES) {
    expect(builtins.filter((voice) => voice.language === language).map((voice) => voice.gender)).toEqual(
      expect.arrayContaining(['female', 'male']),
    );
  }
  const haruka = data.find((voice) => voice.id === 'builtin-ja-haruka');
  expect(haruka).toMatchObject({ kind: 'builtin', language: 'ja', gender: 'female', name: 'Haruka' });
  const preview = await t.app.inject({ url: new URL(haruka!.preview_url).pathname });
  expect(preview.statusCode).toBe(200);
  expect(preview.headers['content-type']).toBe('audio/mpeg');
  expect(data.at(-1)).toMatchObject({ kind: 'custom', name: 'My voice', language: 'ja' });
});

test('voices are paged like every list: `limit` holds across the built-in voices and the voice models, each once', async () => {
  const all = (await v1('/voices?limit=100', team.key)).body.data as { id: string }[];
  expect(all.length).toBeGreaterThan(3);
  const one = await v1('/voices?limit=1', team.key);
  expect(one.body.data).toHaveLength(1);
  expect(one.body.next_cursor).toEqual(expect.any(String));

  // Pages of 7 end on the built-ins' last one or cross into the voice models, depending on the count: both are walked.
  for (const limit of [7, all.length - 1, all.length]) {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await v1(`/voices?limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`, team.key);
      expect(page.status).toBe(200);
      expect((page.body.data as unknown[]).length).toBeLessThanOrEqual(limit);
      seen.push(...(page.body.data as { id: string }[]).map((voice) => voice.id));
      cursor = page.body.next_cursor as string | null;
    } while (cursor);
    expect(seen).toEqual(all.map((voice) => voice.id));
  }
  expect(await v1('/voices?cursor=WzEwMDAwXQ', team.key)).toMatchObject({ status: 200, body: { next_cursor: null } });
});

test('field errors carry an i18n key with its params, never prose', async () => {
  const missing = await v1('/videos', team.key, 'POST', {}, {});
  expect(missing.status).toBe(400);
  for (const error of Object.values(missing.body.fields as Record<string, { key: string; message: string }>)) {
    expect(error.key).toMatch(/^validation\.[a-zA-Z]+$/);
    expect(error.message).not.toMatch(/Expected|received/);
  }
  expect(missing.body.fields).toMatchObject({ title: { key: 'validation.required' }, avatar_id: { key: 'validation.required' } });
  expect((await v1('/avatars?limit=0', team.key)).body.fields).toEqual({
    limit: { key: 'validation.minValue', params: { value: '1' }, message: 'Enter a value greater than or equal to 1.' },
  });
  expect((await v1('/avatars?limit=abc', team.key)).body.fields.limit).toMatchObject({ key: 'validation.number' });
});

test('a ready video has a signed download that works and expires; a rendering one has none; another team’s is not found', async () => {
  const ready = await v1(`/videos/${readyVideoId}`, team.key);
  expect(ready.body).toMatchObject({ title: 'Ready one', status: 'ready', duration_seconds: 4.2 });
  const url = new URL(ready.body.download_url as string);
  expect(url.pathname).toBe('/assets/signed/video_output/ready-one.mp4');
  expect(Date.parse(ready.body.download_url_expires_at as string)).toBeGreaterThan(Date.now());
  const file = await t.app.inject({ url: `${url.pathname}${url.search}` });
  expect(file.body).toBe('the video bytes');
  // Another first character of the signature, whatever it was.
  const forged = await t.app.inject({
    url: `${url.pathname}${url.search.replace(/sig=(.)/, (_all, c: string) => `sig=${c === 'A' ? 'B' : 'A'}`)}`,
  });
  expect(forged.statusCode).toBe(403);

  expect((await v1(`/videos/${runningVideoId}`, team.key)).body).toMatchObject({ status: 'in_progress', download_url: null });
  expect((await v1('/videos', team.key)).body.data).toHaveLength(2);
  expect(await v1(`/videos/${other.videoId}`, team.key)).toMatchObject({ status: 404 });
});

test('deleting a video removes it; another team’s video cannot be deleted', async () => {
  expect((await v1(`/videos/${other.videoId}`, team.key, 'DELETE')).status).toBe(404);
  expect((await v1(`/videos/${other.videoId}`, other.key)).status).toBe(200);
  expect((await v1(`/videos/${runningVideoId}`, team.key, 'DELETE')).status).toBe(204);
  expect((await v1(`/videos/${runningVideoId}`, team.key)).status).toBe(404);
});

test("the team's pronunciation list: added, changed by word in any case, listed, deleted; another team's unseen", async () => {
  const added = await v1('/pronunciations', team.key, 'POST', {}, { word: 'Kagami', say_as: 'kah gah me' });
  expect(added).toMatchObject({ status: 201, body: { word: 'Kagami', say_as: 'kah gah me', id: expect.any(String) } });
  const changed = await v1('/pronunciations', team.key, 'POST', {}, { word: 'KAGAMI', say_as: 'ka ga mi' });
  expect(changed.body).toMatchObject({ id: added.body.id, say_as: 'ka ga mi' });
  expect((await v1('/pronunciations', team.key)).body.data).toEqual([changed.body]);
  expect((await v1('/pronunciations', other.key)).body.data).toEqual([]);
  expect((await v1(`/pronunciations/${added.body.id}`, other.key, 'DELETE')).status).toBe(404);
  expect((await v1('/pronunciations', team.key, 'POST', {}, { word: '' })).body.fields).toMatchObject({
    word: { key: 'validation.required' },
    say_as: { key: 'validation.required' },
  });
  expect((await v1(`/pronunciations/${added.body.id}`, team.key, 'DELETE')).status).toBe(204);
  expect((await v1('/pronunciations', team.key)).body.data).toEqual([]);
});

test('quota: none without an API subscription; the API plan’s allowance and use with one', async () => {
  expect((await v1('/quota', team.key)).body).toEqual({ has_api_subscription: false, quota: null });
  await subscribe(t, team.token, 'price_api_starter_month_usd');
  const { body } = await v1('/quota', team.key);
  expect(body).toMatchObject({
    has_api_subscription: true,
    quota: { plan: 'api-starter', video_minutes: { used: 0, total: 60, unit: 'mins' } },
  });
});

describe('creating a video', () => {
  const script = 'Hello from the public API. This video was made by a script.';
  const create = (body: Record<string, unknown>, key = team.key, idempotencyKey?: string) =>
    v1('/videos', key, 'POST', idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}, body);
  const videoCount = async () => ((await v1('/videos', team.key)).body.data as unknown[]).length;
  const minutesUsed = async () => (await v1('/quota', team.key)).body.quota.video_minutes.used as number;

  test('needs an API subscription: 402', async () => {
    const body = { title: 'No plan', avatar_id: other.avatarId, language: 'en', script };
    expect(await create(body, other.key)).toMatchObject({ status: 402, body: { code: 'api_subscription_required' } });
  });

  test('202 with the video; the same Idempotency-Key and body replays it without a second video or charge', async () => {
    const before = await videoCount();
    const body = { title: 'From the API', avatar_id: avatarIds[2], language: 'en', script, subtitles: true };
    const first = await create(body, team.key, 'order-1');
    expect(first).toMatchObject({
      status: 202,
      body: { title: 'From the API', status: 'in_progress', download_url: null, subtitles: true },
    });
    const used = await minutesUsed();
    expect(used).toBeGreaterThan(0);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/videos',
      headers: { 'x-api-key': team.key, 'idempotency-key': 'order-1' },
      payload: body,
    });
    expect(again.statusCode).toBe(202);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().id).toBe(first.body.id);
    expect(await videoCount()).toBe(before + 1);
    expect(await minutesUsed()).toBe(used);
    // In the app's lists no member made it: the creator reads "API".
    const listed = await call(t.app, { url: `/api/teams/${team.id}/videos`, token: team.token });
    expect(listed.body.items.find((video: { id: string }) => video.id === first.body.id)).toMatchObject({
      creator: null,
      created_via: 'api',
    });

    expect(await create({ ...body, title: 'Something else' }, team.key, 'order-1')).toMatchObject({
      status: 422,
      body: { code: 'idempotency_key_reused' },
    });
    // Without a key, the same body is a second video.
    expect((await create(body)).status).toBe(202);
    expect(await videoCount()).toBe(before + 2);
  });

  test("a built-in voice; bad bodies get field errors; another team's avatar is not found", async () => {
    const made = await create({
      title: 'Built-in',
      avatar_id: avatarIds[2],
      language: 'ja',
      script: 'こんにちは。',
      voice_id: 'builtin-ja',
    });
    // The id before the library names the language's default voice, and is echoed as sent.
    expect(made).toMatchObject({ status: 202, body: { voice_id: 'builtin-ja', language: 'ja' } });
    const named = await create({
      title: 'Takumi',
      avatar_id: avatarIds[2],
      language: 'ja',
      script: 'こんにちは。',
      voice_id: 'builtin-ja-takumi',
    });
    expect(named).toMatchObject({ status: 202, body: { voice_id: 'builtin-ja-takumi', speed: 1 } });
    const paced = await create({
      title: 'Paced',
      avatar_id: avatarIds[2],
      language: 'en',
      script: 'First this. [pause 1s] Then that.',
      voice_id: 'builtin-en-james',
      speed: 1.25,
    });
    expect(paced).toMatchObject({ status: 202, body: { speed: 1.25, voice_id: 'builtin-en-james' } });
    expect(await create({ title: 'Slow', avatar_id: avatarIds[2], language: 'en', script: 'Slow.', speed: 0.5 })).toMatchObject({
      status: 400,
      body: { fields: { speed: { key: 'validation.minValue' } } },
    });
    const english = {
      title: 'Wrong language',
      avatar_id: avatarIds[2],
      language: 'ja',
      script: 'こんにちは。',
      voice_id: 'builtin-en-emma',
    };
    expect(await create(english)).toMatchObject({ status: 400, body: { code: 'voice_language_mismatch' } });
    expect(await create({ ...english, voice_id: 'builtin-ja-nobody' })).toMatchObject({ status: 404 });

    const bad = await create({ avatar_id: 'nope', language: 'xx', script: 42, voice_id: 'someone' });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fields)).toEqual(expect.arrayContaining(['title', 'avatar_id', 'language', 'script', 'voice_id']));
    expect(await create({ title: 'Mine?', avatar_id: other.avatarId, language: 'en', script })).toMatchObject({ status: 404 });
    expect(await create({ title: 'Nothing to say', avatar_id: avatarIds[2], language: 'en' })).toMatchObject({
      status: 400,
      body: { code: 'script_or_audio_required' },
    });
    // Scenes in the public API: a refusal names the scene and its field.
    const scenes = [{ script: 'One.' }, { avatar_id: other.avatarId, script: 'Two.' }];
    expect(await create({ title: 'Scenes', avatar_id: avatarIds[2], language: 'en', scenes })).toMatchObject({
      status: 422,
      body: { code: 'not_found', fields: { 'scenes.1.avatar_id': { key: 'errors.not_found' } } },
    });
    // A refused request keeps no answer under its key: fixed, it goes through.
    expect((await create({ title: 'Fixed', avatar_id: avatarIds[2], language: 'en' }, team.key, 'order-2')).status).toBe(400);
    expect((await create({ title: 'Fixed', avatar_id: avatarIds[2], language: 'en', script }, team.key, 'order-2')).status).toBe(202);
  });

  test('beyond the API allowance: 402 quota_exceeded, nothing created or charged', async () => {
    const { id: ownerId } = (await call(t.app, { url: '/api/profile', token: team.token })).body;
    // The month's 60 minutes, used up by a video made earlier.
    await t.database.db
      .insert(usage)
      .values({ userId: ownerId, productType: 'api', metric: 'video_seconds', amount: 60 * 60, state: 'settled', itemId: randomUUID() });
    const [count, used] = [await videoCount(), await minutesUsed()];
    expect(await create({ title: 'One too many', avatar_id: avatarIds[2], language: 'en', script })).toMatchObject({
      status: 402,
      body: { code: 'quota_exceeded' },
    });
    expect([await videoCount(), await minutesUsed()]).toEqual([count, used]);
  });
});

test('the OpenAPI 3.1 document lists every /api/v1 call with its schemas, the key scheme and every error code', async () => {
  const { status, body } = await call(t.app, { url: '/api/v1/openapi.json' });
  expect(status).toBe(200);
  expect(body.openapi).toBe('3.1.0');
  expect(body.components.securitySchemes.apiKey).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
  expect(Object.keys(body.paths).sort()).toEqual([
    '/api/v1/avatars',
    '/api/v1/avatars/consent-phrase',
    '/api/v1/avatars/{id}',
    '/api/v1/batches',
    '/api/v1/batches/{id}',
    '/api/v1/batches/{id}/cancel',
    '/api/v1/batches/{id}/results.csv',
    '/api/v1/batches/{id}/retry',
    '/api/v1/brand-kit',
    '/api/v1/pronunciations',
    '/api/v1/pronunciations/{id}',
    '/api/v1/quota',
    '/api/v1/team',
    '/api/v1/templates',
    '/api/v1/templates/{id}',
    '/api/v1/templates/{id}/batches',
    '/api/v1/templates/{id}/videos',
    '/api/v1/verify',
    '/api/v1/videos',
    '/api/v1/videos/{id}',
    '/api/v1/voices',
    '/api/v1/webhooks',
    '/api/v1/webhooks/deliveries',
    '/api/v1/webhooks/deliveries/{id}/cancel',
    '/api/v1/webhooks/deliveries/{id}/resend',
    '/api/v1/webhooks/{id}',
    '/api/v1/webhooks/{id}/test',
  ]);
  expect(Object.keys(body.paths['/api/v1/videos'])).toEqual(expect.arrayContaining(['get', 'post']));
  const videoBody = body.paths['/api/v1/videos'].post.requestBody.content['application/json'].schema;
  expect(videoBody.required).toEqual(expect.arrayContaining(['title', 'language']));
  // The avatar is needed unless the video lists scenes, each naming its own.
  expect(videoBody.properties.avatar_id.description).toContain('required unless every scene names its own');
  expect(videoBody.properties.scenes.maxItems).toBe(50);
  for (const code of ['api_key_invalid', 'idempotency_key_reused', 'rate_limited', 'lips_never_closed']) {
    expect(body.info.description).toContain(`\`${code}\``);
  }
  expect(body.info.description).not.toContain('Something went wrong');
  // Answers are documented too: the typed client is generated from them.
  // Named schemas are components, so a generated client names their types.
  const videoAnswer = body.paths['/api/v1/videos/{id}'].get.responses['200'].content['application/json'];
  expect(videoAnswer.schema.$ref).toBe('#/components/schemas/Video');
  expect(videoAnswer.example).toMatchObject({ status: 'ready', download_url: expect.any(String) });
  expect(body.components.schemas.Video.properties.download_url).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
  const refusals = body.paths['/api/v1/videos/{id}'].get.responses;
  expect(refusals['404'].content['application/json'].schema.$ref).toBe('#/components/schemas/ApiError');
  expect(body.components.schemas.ApiError.required).toEqual(['code', 'message']);
  expect(refusals['401'].description).toContain('`api_key_invalid`');
  expect(body.paths['/api/v1/videos'].post.responses['409'].description).toContain('`avatar_not_ready`');
});

test('every operation of the document has an id, a summary, a description, a tag, and its success and refusals', async () => {
  const { body } = await t.app.inject({ url: '/api/v1/openapi.json' }).then((r) => ({ body: r.json() }));
  type Operation = { at: string; operationId: string; summary: string; description: string; tags: string[]; responses: object };
  const operations = Object.entries(body.paths as Record<string, Record<string, Omit<Operation, 'at'>>>).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]): Operation => ({ at: `${method.toUpperCase()} ${path}`, ...operation })),
  );
  expect(operations).toHaveLength(37);
  const ids = operations.map((operation) => operation.operationId);
  expect(new Set(ids).size).toBe(operations.length);
  for (const operation of operations) {
    expect([operation.at, operation.operationId]).toEqual([operation.at, expect.stringMatching(/^[a-z]+[A-Z][A-Za-z]+$/)]);
    expect([operation.at, operation.summary, operation.description]).toEqual([operation.at, expect.any(String), expect.any(String)]);
    expect([
      operation.at,
      (operation.tags as string[]).every((tag) => (body.tags as { name: string }[]).some((t2) => t2.name === tag)),
    ]).toEqual([operation.at, true]);
    const statuses = Object.keys(operation.responses as object);
    expect([operation.at, statuses.some((status) => /^2\d\d$/.test(status))]).toEqual([operation.at, true]);
    expect([operation.at, statuses]).toEqual([operation.at, expect.arrayContaining(['401', '429'])]);
    expect([operation.at, statuses]).not.toContain('default');
  }
  // A deletion answers 204 with no body, which a strict generated client must not read as a failure.
  for (const path of ['/api/v1/videos/{id}', '/api/v1/webhooks/{id}', '/api/v1/pronunciations/{id}']) {
    expect(body.paths[path].delete.responses['204']).toEqual({ description: expect.any(String) });
  }
  const limit = (body.paths['/api/v1/voices'].get.parameters as { name: string; schema: unknown }[]).find((p) => p.name === 'limit');
  expect(limit?.schema).toMatchObject({ type: 'integer', minimum: 1, maximum: 100, default: 20 });
});

test("the app's document: a server, each operation's security as its route's guard, the tus upload address valid", async () => {
  const body = (await t.app.inject({ url: '/api/docs/json' })).json();
  expect(body.servers).toEqual([expect.objectContaining({ url: '/' })]);
  expect(Object.keys(body.components.securitySchemes).sort()).toEqual(['apiKey', 'bearer']);
  expect(body.paths['/api/teams/{teamId}/videos'].get.security).toEqual([{ bearer: [] }]);
  expect(body.paths['/api/v1/videos'].post.security).toEqual([{ apiKey: [] }]);
  expect(body.paths['/api/auth/signup'].post.security).toEqual([]);
  expect(body.paths['/api/uploads/{*}']).toBeUndefined();
  const upload = body.paths['/api/uploads/{id}'];
  expect(Object.keys(upload).sort()).toEqual(['delete', 'head', 'patch']);
  expect(upload.patch).toMatchObject({ operationId: 'appendUpload', security: [{ bearer: [] }, { apiKey: [] }] });
  expect(upload.patch.parameters).toEqual([expect.objectContaining({ name: 'id', in: 'path', required: true })]);
  expect(body.paths['/api/uploads'].post.responses['201'].headers.Location).toBeDefined();
});

test('the API reference page is served with its own assets (nothing from a CDN) and reads the v1 document', async () => {
  const page = await t.app.inject({ url: '/api/v1/docs' });
  expect(page.statusCode).toBe(200);
  expect(page.headers['content-type']).toContain('text/html');
  const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
  expect(sources.every((source) => source.startsWith('/api/'))).toBe(true);
  for (const source of sources) expect([source, (await t.app.inject({ url: source })).statusCode]).toEqual([source, 200]);
  expect((await t.app.inject({ url: '/api/v1/docs/start.js' })).body).toContain("url: '/api/v1/openapi.json'");
});

test('every /api/v1 answer above is one the OpenAPI document declares, in its schema', () => {
  console.log(`Contract: ${contract.answers.size} kinds of /api/v1 answer checked, ${contract.violations.length} violations.`);
  expect(contract.violations).toEqual([]);
  expect(contract.answers.size).toBeGreaterThan(0);
});
