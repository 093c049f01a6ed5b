// Script moderation: the operators' block list, the team's own list (owners edit it), and a moderation provider
// speaking OpenAI's published /v1/moderations shape. A refused script is a 422 naming why, and takes no quota.
import { createServer, type Server } from 'node:http';
import { randomUUID } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { teamMembers, users, videos } from '../src/db/schema';
import { findBlockedTerm, parseTermList } from '../src/domains/moderation/terms';
import { build, call, onboardedUser, readyLoopAvatar, subscribe, type TestApp } from './helper';

let t: TestApp;
const owner = { token: '', teamId: '' };
let member = { token: '' };
let avatarId = '';
let key = '';

/** The fake provider: what it last received, and how it answers next (flagged categories, or a status). */
const fake = { received: [] as { auth?: string; body: { model: string; input: string } }[], flag: [] as string[], status: 200 };
let server: Server;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      fake.received.push({ auth: request.headers.authorization, body: JSON.parse(body) });
      if (request.url !== '/v1/moderations' || fake.status !== 200) {
        response.writeHead(fake.status === 200 ? 404 : fake.status).end('{"error":{"message":"down"}}');
        return;
      }
      const categories = Object.fromEntries(['hate', 'hate/threatening', 'violence'].map((c) => [c, fake.flag.includes(c)]));
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ id: 'modr-1', model: 'omni-moderation-latest', results: [{ flagged: fake.flag.length > 0, categories }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const list = join(tmpdir(), `kagami-blocklist-${process.pid}.txt`);
  writeFileSync(list, '# the operators\u2019 list\nforbidden phrase\n\n禁止語\n');
  const { port } = server.address() as { port: number };
  t = await build({
    RUN_WORKER: 'false',
    MODERATION_BLOCKLIST: list,
    MODERATION_PROVIDER: 'openai',
    MODERATION_URL: `http://127.0.0.1:${port}`,
    MODERATION_API_KEY: 'sk-moderation',
  });
  Object.assign(owner, await onboardedUser(t.app, 'moderated@example.com', 'Moderated'));
  await subscribe(t, owner.token, 'price_studio_month_usd');
  await subscribe(t, owner.token, 'price_api_starter_month_usd');
  avatarId = await readyLoopAvatar(t, owner.teamId, 'Presenter');
  key = (await call(t.app, { method: 'POST', url: `/api/teams/${owner.teamId}/api-key`, token: owner.token })).body.api_key;
  const invited = await onboardedUser(t.app, 'moderated-member@example.com', 'Own');
  member = invited;
  const [joining] = await t.database.db.select().from(users).where(eq(users.email, 'moderated-member@example.com'));
  await t.database.db.insert(teamMembers).values({ teamId: owner.teamId, userId: joining!.id, role: 'member' });
}, 60_000);
afterAll(async () => {
  await t.close();
  server.close();
});
beforeEach(() => {
  fake.received = [];
  fake.flag = [];
  fake.status = 200;
});

const makeVideo = (script: string, language = 'en') =>
  call(t.app, {
    method: 'POST',
    url: `/api/teams/${owner.teamId}/videos`,
    token: owner.token,
    body: { name: 'Moderated', avatar_id: avatarId, language, script },
  });
const usedSeconds = async () => (await call(t.app, { url: '/api/users/quota', token: owner.token })).body.quota;

describe('matching terms', () => {
  test('whole words in any case and width in spaced scripts, anywhere in Japanese text', () => {
    const terms = parseTermList('# comment\n  Bad Word \n\nass\n禁止語\n');
    expect(terms).toEqual(['Bad Word', 'ass', '禁止語']);
    expect(findBlockedTerm('Say the BAD WORD now', terms)).toBe('Bad Word');
    expect(findBlockedTerm('Ｂａｄ　word!', terms)).toBe('Bad Word');
    expect(findBlockedTerm('A class of its own, assessed.', terms)).toBeNull();
    expect(findBlockedTerm('これは禁止語です', terms)).toBe('禁止語');
    expect(findBlockedTerm('Nothing to see here.', terms)).toBeNull();
  });
});

test('a term of the operators’ list refuses the video with the reason, before any quota is taken', async () => {
  const before = await usedSeconds();
  const refused = await makeVideo('Please read the Forbidden Phrase aloud.');
  expect(refused.status).toBe(422);
  expect(refused.body).toMatchObject({ code: 'script_refused', category: 'blocked_term' });
  expect(refused.body.message).toBe(
    "This script can't be used: it contains a term this service does not allow. Change the words and try again.",
  );
  expect(await usedSeconds()).toEqual(before);
  expect(fake.received).toHaveLength(0);
  expect((await makeVideo('このテキストには禁止語があります。', 'ja')).body).toMatchObject({ code: 'script_refused' });
  const listed = await call(t.app, { url: `/api/teams/${owner.teamId}/videos`, token: owner.token });
  expect(listed.body.total ?? listed.body.data.length).toBe(0);
});

test('owners keep the team’s own list; members read it; its terms refuse scripts in the app, the API and the voice preview', async () => {
  const url = `/api/teams/${owner.teamId}/moderation`;
  expect((await call(t.app, { url, token: owner.token })).body).toEqual({ blocked_terms: [] });
  const saved = await call(t.app, {
    method: 'PUT',
    url,
    token: owner.token,
    body: { blocked_terms: [' Rival Corp ', 'rival corp', 'ライバル社', ''] },
  });
  expect(saved.body).toEqual({ blocked_terms: ['Rival Corp', 'ライバル社'] });
  expect((await call(t.app, { url, token: member.token })).body).toEqual({ blocked_terms: ['Rival Corp', 'ライバル社'] });
  expect((await call(t.app, { method: 'PUT', url, token: member.token, body: { blocked_terms: [] } })).status).toBe(403);
  const tooMany = await call(t.app, {
    method: 'PUT',
    url,
    token: owner.token,
    body: { blocked_terms: Array.from({ length: 201 }, (_, i) => `term ${i}`) },
  });
  expect(tooMany).toMatchObject({ status: 400, body: { code: 'blocked_terms_full' } });
  expect((await call(t.app, { url, token: owner.token })).body.blocked_terms).toEqual(['Rival Corp', 'ライバル社']);

  expect((await makeVideo('We beat rival corp every day.')).body).toMatchObject({ code: 'script_refused', category: 'team_blocked_term' });
  const api = await call(t.app, {
    method: 'POST',
    url: '/api/v1/videos',
    headers: { 'x-api-key': key },
    body: { title: 'API', avatar_id: avatarId, language: 'en', script: 'Rival Corp is slow.' },
  });
  expect(api.body).toMatchObject({ code: 'script_refused', category: 'team_blocked_term' });
  expect(api.status).toBe(422);
  const preview = await call(t.app, {
    method: 'POST',
    url: `/api/teams/${owner.teamId}/voice-preview`,
    token: owner.token,
    body: { language: 'ja', text: 'ライバル社より速い' },
  });
  expect(preview).toMatchObject({ status: 422, body: { code: 'script_refused' } });
  await call(t.app, { method: 'PUT', url, token: owner.token, body: { blocked_terms: [] } });
});

test('the provider’s flag refuses the script with its category; a clean script is made', async () => {
  fake.flag = ['hate', 'hate/threatening'];
  const refused = await makeVideo('Something the provider dislikes.');
  expect(refused).toMatchObject({ status: 422, body: { code: 'script_refused', category: 'hate' } });
  expect(refused.body.message).toContain('it was flagged as hateful');
  expect(fake.received[0]).toEqual({
    auth: 'Bearer sk-moderation',
    body: { model: 'omni-moderation-latest', input: 'Something the provider dislikes.' },
  });
  fake.flag = [];
  const made = await makeVideo('A friendly welcome to the team.');
  expect(made.status).toBe(202);
});

test('while the provider is down, scripts are refused with a clear reason (fail closed) and nothing is made', async () => {
  fake.status = 503;
  const before = await usedSeconds();
  const refused = await makeVideo('Is anyone checking?');
  expect(refused.status).toBe(503);
  expect(refused.body.code).toBe('moderation_unavailable');
  expect(refused.body.message).toContain("Scripts can't be checked right now");
  expect(fake.received).toHaveLength(3);
  expect(await usedSeconds()).toEqual(before);
});

describe('while scripts cannot be checked and ops let them through', () => {
  const OPS = 'ops-token-for-the-review-tests-0123456789';
  let open: TestApp;
  const user = { token: '', teamId: '' };
  const ops = (method: 'GET' | 'POST', url: string, token = OPS) =>
    open.app.inject({ method, url, headers: { authorization: `Bearer ${token}` } });

  beforeAll(async () => {
    open = await build({
      RUN_WORKER: 'false',
      MODERATION_PROVIDER: 'openai',
      MODERATION_URL: 'http://127.0.0.1:9',
      MODERATION_ON_OUTAGE: 'allow',
      OPS_TOKEN: OPS,
    });
    Object.assign(user, await onboardedUser(open.app, 'open-moderation@example.com', 'Open'));
    await subscribe(open, user.token, 'price_studio_month_usd');
  }, 60_000);
  afterAll(() => open.close());

  test('MODERATION_ON_OUTAGE=allow makes the video and marks it for review; ops see it and clear the mark', async () => {
    const id = await readyLoopAvatar(open, user.teamId, 'Open');
    const made = await call(open.app, {
      method: 'POST',
      url: `/api/teams/${user.teamId}/videos`,
      token: user.token,
      body: { name: 'Unchecked', avatar_id: id, language: 'en', script: 'Nobody checks this one.' },
    });
    expect(made.status).toBe(202);
    expect((await ops('GET', '/api/ops/reviews', 'wrong-token')).statusCode).toBe(401);
    const listed = (await ops('GET', '/api/ops/reviews')).json();
    expect(listed.videos).toEqual([
      expect.objectContaining({ id: made.body.id, team: 'Open', script: 'Nobody checks this one.', review: 'moderation_unavailable' }),
    ]);
    expect((await ops('POST', `/api/ops/videos/${made.body.id}/approve`)).statusCode).toBe(204);
    expect((await ops('GET', '/api/ops/reviews')).json().videos).toEqual([]);
  }, 60_000);

  test('a video taken down by ops fails with the reason; its file, downloads and share link are gone', async () => {
    const output = `${randomUUID()}.mp4`;
    writeFileSync(join(open.config.dataDir, 'video_output', output), 'video bytes');
    const [video] = await open.database.db
      .insert(videos)
      .values({ teamId: user.teamId, name: 'Published', language: 'en', status: 'ready', output, script: 'Hello.' })
      .returning();
    const shared = await call(open.app, {
      method: 'PUT',
      url: `/api/teams/${user.teamId}/videos/${video!.id}/share`,
      token: user.token,
      body: {},
    });
    const page = new URL(shared.body.url).pathname;
    expect((await open.app.inject({ url: page })).statusCode).toBe(200);

    const down = await ops('POST', `/api/ops/videos/${video!.id}/take-down`);
    expect(down.json()).toEqual({ id: video!.id, status: 'failed', reason: 'taken_down' });
    const seen = await call(open.app, { url: `/api/teams/${user.teamId}/videos/${video!.id}`, token: user.token });
    expect(seen.body).toMatchObject({ status: 'failed', reason: 'taken_down' });
    expect((await open.app.inject({ url: page })).statusCode).toBe(404);
    expect((await call(open.app, { url: `/assets/data/video_output/${output}`, token: user.token })).status).toBe(404);
    expect(existsSync(join(open.config.dataDir, 'video_output', output))).toBe(false);
  });
});
