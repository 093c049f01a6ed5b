// Webhooks: endpoints registered with the key and in the app, a real render's `video.ready` delivered
// signed (Standard Webhooks) to a receiver started here, retries until a failing receiver answers, the
// delivery log with every attempt, test events, resends, callback_url, and who may not do what.
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { build, call, eventually, onboardedUser, readyLoopAvatar, subscribe, type TestApp } from './helper';

type Received = { path: string; headers: IncomingHttpHeaders; body: string };

let t: TestApp;
let receiver: Server;
let origin = '';
const received: Received[] = [];
let flakyFailuresLeft = 2;
const team = { id: '', token: '', key: '', avatarId: '' };
const other = { id: '', token: '', key: '' };

const v1 = (method: 'GET' | 'POST' | 'DELETE', url: string, key: string, body?: unknown) =>
  call(t.app, { method, url: `/api/v1${url}`, headers: { 'x-api-key': key }, body });
const at = (path: string) => received.filter((r) => r.path === path);
const waitFor = (path: string, n: number) =>
  eventually(
    async () => at(path),
    (list) => list.length >= n,
    60_000,
  );

beforeAll(async () => {
  receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      received.push({ path: request.url!, headers: request.headers, body });
      if (request.url === '/flaky' && flakyFailuresLeft > 0) {
        flakyFailuresLeft -= 1;
        response.writeHead(500).end('not now');
      } else if (request.url!.startsWith('/down')) response.writeHead(500).end('down');
      // Answers (with a failure) only after a while: the attempt is still running when the test acts.
      else if (request.url === '/hang') setTimeout(() => response.writeHead(500).end('late'), 1500);
      else response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;

  t = await build({ WEBHOOKS_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '0.3', WATERMARK: 'false' });
  for (const [who, email] of [
    [team, 'hooks@example.com'],
    [other, 'hooks-other@example.com'],
  ] as const) {
    const user = await onboardedUser(t.app, email);
    Object.assign(who, { id: user.teamId, token: user.token });
    who.key = (await call(t.app, { method: 'POST', url: `/api/teams/${user.teamId}/api-key`, token: user.token })).body.api_key as string;
  }
  await subscribe(t, team.token, 'price_api_starter_month_usd');
  team.avatarId = await readyLoopAvatar(t, team.id);
}, 60_000);
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => receiver.close(resolve));
});

test('endpoints: bad bodies get field errors; the key registers one, the app another; another team sees neither', async () => {
  const bad = await v1('POST', '/webhooks', team.key, { url: 'ftp://nowhere', events: [] });
  expect(bad.status).toBe(400);
  expect(bad.body).toMatchObject({ code: 'validation_failed', fields: { url: expect.any(Object), events: expect.any(Object) } });
  expect((await v1('POST', '/webhooks', team.key, { url: `${origin}/ok`, events: ['video.exploded'] })).status).toBe(400);

  const byKey = await v1('POST', '/webhooks', team.key, { url: `${origin}/ok`, events: ['video.ready', 'video.failed'] });
  expect(byKey).toMatchObject({ status: 201, body: { url: `${origin}/ok`, events: ['video.ready', 'video.failed'] } });
  const inApp = await call(t.app, {
    method: 'POST',
    url: `/api/teams/${team.id}/webhooks`,
    token: team.token,
    body: { url: `${origin}/flaky`, events: ['video.ready'] },
  });
  expect(inApp.status).toBe(201);

  const listed = await v1('GET', '/webhooks', team.key);
  expect(listed.body.data.map((e: { url: string }) => e.url)).toEqual([`${origin}/ok`, `${origin}/flaky`]);
  expect(listed.body.signing_secret).toMatch(/^whsec_/);
  const page = await call(t.app, { url: `/api/teams/${team.id}/webhooks`, token: team.token });
  expect(page.body.signing_secret).toBe(listed.body.signing_secret);

  expect((await v1('GET', '/webhooks', other.key)).body.data).toEqual([]);
  expect((await v1('DELETE', `/webhooks/${byKey.body.id}`, other.key)).status).toBe(404);
  expect((await v1('POST', `/webhooks/${byKey.body.id}/test`, other.key)).status).toBe(404);
  expect((await call(t.app, { url: `/api/teams/${team.id}/webhooks`, token: other.token })).status).toBe(404);
  expect((await call(t.app, { method: 'POST', url: `/api/teams/${team.id}/webhooks/secret`, token: other.token })).status).toBe(404);
});

test('a rendered video is delivered signed to every subscriber and its callback_url; a receiver failing twice gets it on the third try', async () => {
  const created = await v1('POST', '/videos', team.key, {
    title: 'Hooked',
    avatar_id: team.avatarId,
    language: 'en',
    script: 'Hello from the webhook test.',
    callback_url: `${origin}/callback`,
  });
  expect(created).toMatchObject({ status: 202, body: { callback_url: `${origin}/callback` } });
  const videoId = created.body.id as string;

  const [ok] = await waitFor('/ok', 1);
  const secret = (await v1('GET', '/webhooks', team.key)).body.signing_secret as string;
  const event = new Webhook(secret).verify(ok!.body, ok!.headers as Record<string, string>) as {
    type: string;
    data: { id: string; status: string; download_url: string };
  };
  expect(event).toMatchObject({ type: 'video.ready', data: { id: videoId, status: 'ready' } });
  expect(event.data.download_url).toMatch(/^http:\/\/localhost:3000\/assets\/signed\/video_output\//);
  // A forged body does not verify.
  expect(() => new Webhook(secret).verify(ok!.body.replace('ready', 'failed'), ok!.headers as Record<string, string>)).toThrow();

  const [callback] = await waitFor('/callback', 1);
  expect(JSON.parse(callback!.body)).toMatchObject({ type: 'video.ready', data: { id: videoId } });

  const flaky = await waitFor('/flaky', 3);
  expect(new Set(flaky.map((r) => r.headers['webhook-id'])).size).toBe(1);
  const log = await eventually(
    () => call(t.app, { url: `/api/teams/${team.id}/webhooks/deliveries`, token: team.token }),
    (r) => r.body.items.some((d: { url: string; status: string }) => d.url.endsWith('/flaky') && d.status === 'succeeded'),
    30_000,
  );
  const delivery = log.body.items.find((d: { url: string }) => d.url.endsWith('/flaky'));
  expect(delivery).toMatchObject({ event: 'video.ready', status: 'succeeded', attempts: 3, last_status_code: 204 });
  expect(delivery.attempt_log.map((a: { status_code: number }) => a.status_code)).toEqual([500, 500, 204]);
  expect(delivery.attempt_log[0].error).toBe('webhook_status');

  // The same log through the key, as a cursor page.
  const byKey = await v1('GET', '/webhooks/deliveries?limit=10', team.key);
  expect(byKey.body.data).toHaveLength(3);
  expect(byKey.body.data.map((d: { status: string }) => d.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
}, 120_000);

test('a test event goes to one endpoint; a delivery is resent with the same webhook-id; another team cannot resend it', async () => {
  const [endpoint] = (await v1('GET', '/webhooks', team.key)).body.data as { id: string }[];
  const before = at('/ok').length;
  const sent = await v1('POST', `/webhooks/${endpoint!.id}/test`, team.key);
  expect(sent.status).toBe(202);
  const tests = await waitFor('/ok', before + 1);
  expect(JSON.parse(tests.at(-1)!.body)).toMatchObject({ type: 'webhook.test', data: { endpoint_id: endpoint!.id } });
  expect(tests.at(-1)!.headers['webhook-id']).toBe(sent.body.delivery_id);

  expect((await v1('POST', `/webhooks/deliveries/${sent.body.delivery_id}/resend`, other.key)).status).toBe(404);
  const resent = await call(t.app, {
    method: 'POST',
    url: `/api/teams/${team.id}/webhooks/deliveries/${sent.body.delivery_id}/resend`,
    token: team.token,
  });
  expect(resent.status).toBe(202);
  const again = await waitFor('/ok', before + 2);
  expect(again.at(-1)!.headers['webhook-id']).toBe(sent.body.delivery_id);
});

test('a private callback_url is refused where private addresses are (checked before anything is created)', async () => {
  const strict = await build({ WEBHOOKS_ALLOW_PRIVATE: 'false', RUN_WORKER: 'false' });
  try {
    const user = await onboardedUser(strict.app, 'strict@example.com');
    const key = (await call(strict.app, { method: 'POST', url: `/api/teams/${user.teamId}/api-key`, token: user.token })).body.api_key;
    const post = (url: string, body: unknown) =>
      call(strict.app, { method: 'POST', url: `/api/v1${url}`, headers: { 'x-api-key': key }, body });
    expect((await post('/webhooks', { url: `${origin}/ok`, events: ['video.ready'] })).body.code).toBe('webhook_url_private');
    expect((await post('/webhooks', { url: 'http://localhost:9/x', events: ['video.ready'] })).body.code).toBe('webhook_url_private');
    const video = await post('/videos', {
      title: 'x',
      avatar_id: team.avatarId,
      language: 'en',
      script: 'hi',
      callback_url: 'http://[::1]/x',
    });
    expect(video).toMatchObject({ status: 400, body: { code: 'webhook_url_private' } });
  } finally {
    await strict.close();
  }
});

test('removing an endpoint stops its deliveries', async () => {
  const [endpoint] = (await v1('GET', '/webhooks', team.key)).body.data as { id: string }[];
  expect((await v1('DELETE', `/webhooks/${endpoint!.id}`, team.key)).status).toBe(204);
  expect((await v1('GET', '/webhooks', team.key)).body.data.map((e: { url: string }) => e.url)).toEqual([`${origin}/flaky`]);
  expect((await v1('POST', `/webhooks/${endpoint!.id}/test`, team.key)).status).toBe(404);
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A new endpoint of the team for `path`, and a test event sent to it; waits for its first attempt to arrive. */
async function firstAttemptAt(path: string) {
  const endpoint = (await v1('POST', '/webhooks', team.key, { url: `${origin}${path}`, events: ['video.ready'] })).body as { id: string };
  const sent = await v1('POST', `/webhooks/${endpoint.id}/test`, team.key);
  await waitFor(path, 1);
  return { endpointId: endpoint.id, deliveryId: sent.body.delivery_id as string };
}

const deliveryOf = async (id: string) =>
  (
    (await v1('GET', '/webhooks/deliveries?limit=100', team.key)).body.data as { id: string; status: string; next_attempt_at: unknown }[]
  ).find((d) => d.id === id);

test('removing an endpoint cancels its retrying delivery and the one being attempted: nothing reaches it afterwards', async () => {
  const retrying = await firstAttemptAt('/down');
  const running = await firstAttemptAt('/hang');
  // The first has failed and waits for its retry (0.3 s, then 1.2 s); the second's attempt is waiting for its answer.
  await eventually(
    () => deliveryOf(retrying.deliveryId),
    (d) => Boolean(d?.next_attempt_at),
  );
  expect((await v1('DELETE', `/webhooks/${retrying.endpointId}`, team.key)).status).toBe(204);
  expect(
    (await call(t.app, { method: 'DELETE', url: `/api/teams/${team.id}/webhooks/${running.endpointId}`, token: team.token })).status,
  ).toBe(204);
  // An attempt already on the wire may still land; after that, nothing more comes (retries were 0.3, 1.2 and 4.8 s apart).
  await sleep(500);
  const arrived = at('/down').length;
  await sleep(6000);
  expect(at('/down')).toHaveLength(arrived);
  expect(at('/hang')).toHaveLength(1);
  for (const { deliveryId } of [retrying, running]) {
    expect(await deliveryOf(deliveryId)).toMatchObject({ status: 'cancelled', next_attempt_at: null });
  }
}, 60_000);

test('a pending delivery is cancelled on its own (the key and the app); a finished one or another team cannot', async () => {
  const { deliveryId, endpointId } = await firstAttemptAt('/down-again');
  expect((await v1('POST', `/webhooks/deliveries/${deliveryId}/cancel`, other.key)).status).toBe(404);
  expect(
    (await call(t.app, { method: 'POST', url: `/api/teams/${team.id}/webhooks/deliveries/${deliveryId}/cancel`, token: other.token }))
      .status,
  ).toBe(404);
  const cancelled = await v1('POST', `/webhooks/deliveries/${deliveryId}/cancel`, team.key);
  expect(cancelled).toMatchObject({ status: 200, body: { delivery_id: deliveryId, status: 'cancelled' } });
  // A retry already on the wire may still land; after that, nothing more comes.
  await sleep(500);
  const arrived = at('/down-again').length;
  await sleep(3000);
  expect(at('/down-again')).toHaveLength(arrived);
  const again = await call(t.app, {
    method: 'POST',
    url: `/api/teams/${team.id}/webhooks/deliveries/${deliveryId}/cancel`,
    token: team.token,
  });
  expect(again).toMatchObject({ status: 409, body: { code: 'delivery_not_pending' } });
  await v1('DELETE', `/webhooks/${endpointId}`, team.key);
}, 60_000);
