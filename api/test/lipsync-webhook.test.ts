import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { usage, videos } from '../src/db/schema';
import { build, call, eventually, onboardedUser, readyLoopAvatar, subscribe, type TestApp } from './helper';
import { fakeReplicate } from './lipsync/fake-replicate';
import { mediaDir } from './media/fixtures';

/**
 * Replicate with its completion webhook (LIPSYNC_WEBHOOK_SECRET): the prediction is created with the webhook, the
 * render job ends while the prediction runs (no worker polls it), a webhook with a bad signature is refused, and a
 * signed one has the video finished from the prediction's output.
 */
const SECRET = `whsec_${Buffer.from('kagami-test-replicate-webhook-secret').toString('base64')}`;
const OPS = 'ops-token-for-the-lipsync-report-0123';
let t: TestApp;
let fake: Awaited<ReturnType<typeof fakeReplicate>>;
let dir: string;

/** A port nothing listens on yet, so PUBLIC_API_URL can name the API before it starts. */
async function freePort() {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

beforeAll(async () => {
  dir = mediaDir();
  fake = await fakeReplicate(dir, 7);
  const port = await freePort();
  t = await build({
    PORT: String(port),
    PUBLIC_API_URL: `http://127.0.0.1:${port}`,
    LIPSYNC_ENGINE: 'replicate',
    LIPSYNC_URL: fake.url,
    LIPSYNC_KEY: 'r8_test',
    LIPSYNC_WEBHOOK_SECRET: SECRET,
    LIPSYNC_FALLBACK: 'false',
    OPS_TOKEN: OPS,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
}, 60_000);

afterAll(async () => {
  await t.close();
  await fake.close();
  rmSync(dir, { recursive: true, force: true });
});

const hook = (body: string, secret = SECRET) => {
  const id = `msg_${Math.random().toString(36).slice(2)}`;
  const at = new Date();
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Webhook(secret).sign(id, at, body),
  };
};

test('the prediction is created with the webhook and nobody polls it; a bad signature is refused; a signed webhook finishes the video', async () => {
  const owner = await onboardedUser(t.app, 'hook@example.com');
  await subscribe(t, owner.token, 'price_creator_month_usd');
  const avatarId = await readyLoopAvatar(t, owner.teamId);
  const base = `/api/teams/${owner.teamId}`;
  const video = await call(t.app, {
    method: 'POST',
    url: `${base}/videos`,
    token: owner.token,
    body: { name: 'Hooked', avatar_id: avatarId, language: 'en', script: 'A model will finish this one and tell us.' },
  });
  expect(video.status).toBe(202);
  const row = async () => (await t.database.db.select().from(videos).where(eq(videos.id, video.body.id)))[0]!;
  await eventually(row, (r) => r.lipsyncJobId === 'p1');
  expect(fake.seen.creates).toEqual([
    expect.objectContaining({ webhook: `${t.config.publicApiUrl}/api/lipsync/webhooks/replicate`, webhook_events_filter: ['completed'] }),
  ]);
  // The render job ended with the prediction still running; a later check is queued in case the webhook never comes.
  const jobs = async () =>
    (
      await t.database.db.execute(
        sql`select state from pgboss.job where name = 'video-render' and data->>'videoId' = ${video.body.id} order by created_on`,
      )
    ).rows as { state: string }[];
  const states = await eventually(jobs, (rows) => rows.length === 2 && rows[0]!.state === 'completed');
  expect(states.map((r) => r.state)).toEqual(['completed', 'created']);
  expect((await row()).status).toBe('in_progress');
  expect(fake.seen.polls).toBe(0);

  fake.seen.done = true;
  const body = JSON.stringify({ id: 'p1', status: 'succeeded', output: 'https://replicate.delivery/p1.mp4' });
  const forged = await call(t.app, {
    method: 'POST',
    url: '/api/lipsync/webhooks/replicate',
    headers: hook(body, `whsec_${Buffer.from('another').toString('base64')}`),
    body,
  });
  expect(forged).toMatchObject({ status: 401, body: { code: 'invalid_signature' } });
  expect((await row()).status).toBe('in_progress');

  const signed = await call(t.app, { method: 'POST', url: '/api/lipsync/webhooks/replicate', headers: hook(body), body });
  expect(signed.status).toBe(200);
  const ready = await eventually(
    () => call(t.app, { url: `${base}/videos/${video.body.id}`, token: owner.token }),
    (r) => r.body.status !== 'in_progress',
  );
  expect(ready.body).toMatchObject({ status: 'ready', engine: 'replicate' });
  expect(fake.seen.creates).toHaveLength(1);
  // One look at the prediction, by the render the webhook started.
  expect(fake.seen.polls).toBe(1);
  expect(await row()).toMatchObject({ lipsyncJobId: 'p1', lipsyncSeconds: 7 });
}, 120_000);

test("a plan without neural lip-sync (Free) has its videos' faces drawn here, the provider never asked", async () => {
  const free = await onboardedUser(t.app, 'free-hook@example.com');
  const avatarId = await readyLoopAvatar(t, free.teamId);
  const asked = fake.seen.creates.length;
  const base = `/api/teams/${free.teamId}`;
  const video = await call(t.app, {
    method: 'POST',
    url: `${base}/videos`,
    token: free.token,
    body: { name: 'Local', avatar_id: avatarId, language: 'en', script: 'Drawn on this machine.' },
  });
  const ready = await eventually(
    () => call(t.app, { url: `${base}/videos/${video.body.id}`, token: free.token }),
    (r) => r.body.status !== 'in_progress',
  );
  expect(ready.body).toMatchObject({ status: 'ready', engine: 'local' });
  expect(fake.seen.creates).toHaveLength(asked);
}, 120_000);

test("the operators' report: per team, the videos a provider made and the seconds it billed; only with the ops token", async () => {
  const today = new Date().toISOString().slice(0, 10);
  const url = `/api/ops/lipsync?from=${today}&to=${today}`;
  expect((await call(t.app, { url })).status).toBe(401);
  expect((await call(t.app, { url, token: 'not-the-ops-token-at-all-000' })).status).toBe(401);
  expect((await call(t.app, { url: '/api/ops/lipsync?from=yesterday&to=today', token: OPS })).status).toBe(400);
  const report = await call(t.app, { url, token: OPS });
  expect(report).toMatchObject({ status: 200, body: { from: today, to: today } });
  // The Creator team's video (Replicate, 7 s billed); the Free team's local one is not a provider's.
  expect(report.body.teams).toEqual([expect.objectContaining({ team: 'Team', engine: 'replicate', videos: 1, billed_seconds: 7 })]);
});

test('a provider that refuses the key, with no fallback: the video fails as lipsync_failed, asked once, its quota given back', async () => {
  const owner = await onboardedUser(t.app, 'refused@example.com', 'Refused');
  await subscribe(t, owner.token, 'price_creator_month_usd');
  const avatarId = await readyLoopAvatar(t, owner.teamId);
  const asked = fake.seen.creates.length;
  fake.seen.refuseKey = true;
  try {
    const base = `/api/teams/${owner.teamId}`;
    const video = await call(t.app, {
      method: 'POST',
      url: `${base}/videos`,
      token: owner.token,
      body: { name: 'Refused', avatar_id: avatarId, language: 'en', script: 'This key is not accepted.' },
    });
    const failed = await eventually(
      () => call(t.app, { url: `${base}/videos/${video.body.id}`, token: owner.token }),
      (r) => r.body.status !== 'in_progress',
    );
    expect(failed.body).toMatchObject({ status: 'failed', reason: 'lipsync_failed', engine: null });
    expect(fake.seen.creates).toHaveLength(asked + 1);
    const charges = await t.database.db.select().from(usage).where(eq(usage.itemId, video.body.id));
    expect(charges.length).toBeGreaterThan(0);
    expect(charges.every((charge) => charge.state === 'refunded')).toBe(true);
  } finally {
    fake.seen.refuseKey = false;
  }
}, 120_000);
