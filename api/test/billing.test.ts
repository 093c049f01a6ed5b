import { readFileSync, rmSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { history, usage } from '../src/db/schema';
import { reserve } from '../src/domains/billing/quota';
import { addMonths, usageWindow } from '../src/domains/billing/subscriptions';
import { SpeechSynthesizer } from '../src/engine/speech/synthesizer';
import { build, call, eventually, latestMail, onboardedUser, readyLoopAvatar, subscribe, uploadFile, type TestApp } from './helper';
import { mediaDir, tone } from './media/fixtures';

let t: TestApp;
let owner: { token: string; teamId: string };
let dir: string;
let speech: Buffer;
beforeAll(async () => {
  t = await build();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await onboardedUser(t.app, 'billing@example.com', 'Billing Team');
  dir = mediaDir();
  const synthesizer = new SpeechSynthesizer();
  speech = (await synthesizer.synthesize('Hello, this is my voice for the new narration of our product videos.', 'en')).wav;
  synthesizer.close();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

const get = (url: string, token = owner.token) => call(t.app, { url, token });

test('a new user is on the Free plan, has no API subscription, and sees the Free allowance with its renewal date', async () => {
  const subscription = await get('/api/users/subscription');
  expect(subscription).toMatchObject({
    status: 200,
    body: { subscription: { plan: { alias: 'free', video_minutes_per_month: 3, watermark_removal: false }, current_period_start: null } },
  });
  expect((await get('/api/users/api-subscription')).body).toEqual({ has_api_subscription: false, subscription: null });
  const { quota } = (await get('/api/users/quota')).body;
  expect(quota).toMatchObject({
    plan: 'free',
    owner_is_you: true,
    video_minutes: { used: 0, total: 3, unit: 'mins' },
    custom_avatars: { used: 0, total: 1, unit: 'count' },
    avatar_slots: { used: 0, total: 1, unit: 'count' },
  });
  const renewal = new Date(quota.next_renewal_date);
  expect(renewal.getTime()).toBeGreaterThan(Date.now());
  expect(renewal.getTime()).toBeLessThanOrEqual(addMonths(new Date(), 1).getTime());
  for (const url of ['/api/users/subscription', '/api/users/api-subscription', '/api/users/quota']) {
    expect([url, (await call(t.app, { url })).status]).toEqual([url, 401]);
  }
});

test('plans: app plans by default, API plans when asked, each with monthly and yearly prices in USD and JPY', async () => {
  const app = (await get('/api/stripe/personal-plans')).body.plans as { alias: string; contact_sales: boolean; prices: unknown[] }[];
  expect(app.map((plan) => plan.alias)).toEqual(['free', 'creator', 'studio', 'business']);
  expect(app.find((plan) => plan.alias === 'business')).toMatchObject({ contact_sales: true, prices: [] });
  expect(app.find((plan) => plan.alias === 'creator')!.prices).toEqual(
    expect.arrayContaining([
      { id: 'price_creator_month_usd', interval: 'month', currency: 'usd', unit_amount: 2900 },
      { id: 'price_creator_year_jpy', interval: 'year', currency: 'jpy', unit_amount: 44000 },
    ]),
  );
  const api = (await get('/api/stripe/personal-plans?product_type=api')).body.plans as { alias: string; product_type: string }[];
  expect(api.map((plan) => plan.product_type)).toEqual(['api', 'api']);
  expect(await get('/api/stripe/personal-plans?product_type=video')).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
});

test('usage windows renew monthly from the period start (SPEC §4), the month’s last day standing in for a missing one', () => {
  const start = new Date('2026-01-31T10:00:00Z');
  expect(addMonths(start, 1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
  expect(usageWindow(start, new Date('2026-03-15T00:00:00Z'))).toEqual({
    start: new Date('2026-02-28T10:00:00Z'),
    end: new Date('2026-03-31T10:00:00Z'),
  });
  expect(usageWindow(start, new Date('2026-01-31T10:00:00Z')).end).toEqual(new Date('2026-02-28T10:00:00Z'));
});

test('a failed creation is refunded; over the allowance creation is refused with quota_exceeded, and the upload is kept', async () => {
  const user = await onboardedUser(t.app, 'free-voices@example.com', 'Free Voices');
  const voices = `/api/teams/${user.teamId}/voices`;
  const post = (body: unknown) => call(t.app, { method: 'POST', url: voices, token: user.token, body });
  const voicesUsed = async () => (await get('/api/users/quota', user.token)).body.quota.custom_voices.used;

  const hum = await uploadFile(t.app, user.token, user.teamId, readFileSync(await tone(dir, 5, 'hum.wav')), 'voice_audio');
  const failed = await post({ name: 'Hum', language: 'en', upload_id: hum });
  expect(failed.status).toBe(202);
  await eventually(
    () => get(`${voices}/${failed.body.id}`, user.token),
    (r) => r.body.status === 'failed',
  );
  expect(await voicesUsed()).toBe(0);

  // Both files go up while the plan has room; the second creation then meets a used-up allowance.
  const first = await uploadFile(t.app, user.token, user.teamId, speech, 'voice_audio');
  const second = await uploadFile(t.app, user.token, user.teamId, speech, 'voice_audio');
  expect((await post({ name: 'Mine', language: 'en', upload_id: first })).status).toBe(202);
  expect(await voicesUsed()).toBe(1);
  expect(await post({ name: 'Another', language: 'en', upload_id: second })).toMatchObject({
    status: 402,
    body: { code: 'quota_exceeded', metric: 'custom_voices' },
  });

  // A new plan mid-period: what was used carries over (metered billing does the same), and the kept upload is used.
  await subscribe(t, user.token, 'price_creator_month_jpy');
  expect((await post({ name: 'Another', language: 'en', upload_id: second })).status).toBe(202);
  expect((await get('/api/users/quota', user.token)).body.quota).toMatchObject({ plan: 'creator', custom_voices: { used: 2, total: 3 } });
}, 60_000);

test('meters: a voice model counts its recording in audio minutes; a video from uploaded audio counts its length in video and audio minutes', async () => {
  const user = await onboardedUser(t.app, 'meters@example.com', 'Meters Team');
  const quota = async () => (await get('/api/users/quota', user.token)).body.quota;
  const until = (url: string) =>
    eventually(
      () => get(url, user.token),
      (r) => r.body.status !== 'in_progress',
    );
  const seconds = (speech.length - 44) / 2 / 22_050;
  const voice = await call(t.app, {
    method: 'POST',
    url: `/api/teams/${user.teamId}/voices`,
    token: user.token,
    body: { name: 'Narrator', language: 'en', upload_id: await uploadFile(t.app, user.token, user.teamId, speech, 'voice_audio') },
  });
  expect((await until(`/api/teams/${user.teamId}/voices/${voice.body.id}`)).body.status).toBe('ready');
  const afterVoice = await quota();
  const minutes = (secondsUsed: number) => Math.round((secondsUsed / 60) * 10) / 10;
  expect(afterVoice.audio_minutes.used).toBe(minutes(Math.ceil(seconds)));
  expect(afterVoice.video_minutes.used).toBe(0);

  const avatarId = await readyLoopAvatar(t, user.teamId);
  const video = await call(t.app, {
    method: 'POST',
    url: `/api/teams/${user.teamId}/videos`,
    token: user.token,
    body: {
      name: 'Spoken',
      avatar_id: avatarId,
      language: 'en',
      audio_upload_id: await uploadFile(t.app, user.token, user.teamId, speech, 'video_audio'),
    },
  });
  const ready = await until(`/api/teams/${user.teamId}/videos/${video.body.id}`);
  expect(ready.body.status).toBe('ready');
  const afterVideo = await quota();
  const videoSeconds = Math.ceil(ready.body.duration_seconds);
  expect(afterVideo.video_minutes.used).toBe(minutes(videoSeconds));
  expect(afterVideo.audio_minutes.used).toBe(minutes(Math.ceil(seconds) + videoSeconds));
}, 120_000);

test('200 creations at once against 10 remaining video-minutes: exactly 10 are accepted', async () => {
  const user = await onboardedUser(t.app, 'race@example.com', 'Race Team');
  await subscribe(t, user.token, 'price_studio_month_usd');
  const ownerId = (await get('/api/profile', user.token)).body.id as string;
  await t.database.db.insert(usage).values({
    userId: ownerId,
    productType: 'app',
    metric: 'video_seconds',
    amount: 110 * 60,
    state: 'settled',
    itemId: crypto.randomUUID(),
  });
  const attempts = await Promise.allSettled(
    Array.from({ length: 200 }, () =>
      t.database.db.transaction((tx) =>
        reserve(tx, {
          teamId: user.teamId,
          productType: 'app',
          itemId: crypto.randomUUID(),
          needs: [{ metric: 'video_seconds', amount: 60 }],
        }),
      ),
    ),
  );
  const refused = attempts.filter((a) => a.status === 'rejected');
  expect(attempts.length - refused.length).toBe(10);
  expect(new Set(refused.map((a) => (a as PromiseRejectedResult).reason.code))).toEqual(new Set(['quota_exceeded']));
  const [row] = await t.database.db
    .execute<{ used: string }>(
      sql`select sum(amount) as used from ${usage} where ${usage.userId} = ${ownerId} and ${usage.state} <> 'refunded'`,
    )
    .then((r) => r.rows);
  expect(Number(row!.used)).toBe(120 * 60);
  expect((await get('/api/users/quota', user.token)).body.quota.video_minutes).toEqual({ used: 120, total: 120, unit: 'mins' });
}, 120_000);

test('local checkout: a yearly JPY plan is bought with a test card; the quota follows; another currency is refused', async () => {
  const user = await onboardedUser(t.app, 'buyer@example.com', 'Buyer Team');
  const me = (await get('/api/profile', user.token)).body as { id: string; email: string };
  const post = (url: string, body: unknown) => call(t.app, { method: 'POST', url, token: user.token, body });
  expect((await post('/api/stripe/customer-session', { email: me.email, user_id: owner.teamId })).status).toBe(403);
  const customer = (await post('/api/stripe/customer-session', { email: me.email, user_id: me.id })).body.customer_id;
  expect(customer).toMatch(/^cus_local_/);
  expect((await post('/api/stripe/customer-session', { email: me.email, user_id: me.id })).body.customer_id).toBe(customer);

  const checkout = (priceId: string, successUrl = 'http://localhost:8080/subscription?checkout=success') =>
    post('/api/stripe/create-checkout-session', {
      price_id: priceId,
      customer_id: customer,
      success_url: successUrl,
      cancel_url: 'http://localhost:8080/subscription?checkout=cancel',
    });
  expect(await checkout('price_creator_year_jpy', 'https://evil.example/steal')).toMatchObject({
    status: 400,
    body: { code: 'invalid_redirect' },
  });
  expect(await checkout('price_business_month_usd')).toMatchObject({ status: 400, body: { code: 'price_unavailable' } });
  const session = await checkout('price_creator_year_jpy');
  expect(session.body).toMatchObject({ session_id: expect.stringMatching(/^cs_local_/) });
  const path = new URL(session.body.url).pathname;

  const page = await t.app.inject({ url: path });
  expect(page.statusCode).toBe(200);
  expect(page.body).toContain('¥44,000');
  const pay = (form: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });
  const refused = await pay({ card_number: '4242 4242 4242 4241', expiry: '12/34', cvc: '123' });
  expect(refused.statusCode).toBe(400);
  expect(refused.body).toContain('The card number is not valid.');
  expect((await get('/api/users/subscription', user.token)).body.subscription.plan.alias).toBe('free');
  const paid = await pay({ card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
  expect(paid.statusCode).toBe(303);
  expect(paid.headers.location).toBe(`http://localhost:8080/subscription?checkout=success&session_id=${session.body.session_id}`);
  expect((await pay({ card_number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })).statusCode).toBe(409);

  const { subscription } = (await get('/api/users/subscription', user.token)).body;
  expect(subscription).toMatchObject({ plan: { alias: 'creator', interval: 'year', currency: 'jpy' }, cancel_at_period_end: false });
  expect(new Date(subscription.current_period_end).getTime() - new Date(subscription.current_period_start).getTime()).toBeGreaterThan(
    364 * 86_400_000,
  );
  const { quota } = (await get('/api/users/quota', user.token)).body;
  expect(quota).toMatchObject({ plan: 'creator', video_minutes: { total: 30 } });
  expect(await checkout('price_studio_month_usd')).toMatchObject({ status: 409, body: { code: 'currency_mismatch' } });

  const portal = await post('/api/stripe/billing-portal-session', { return_url: 'http://localhost:8080/billing' });
  const portalPath = new URL(portal.body.url).pathname + new URL(portal.body.url).search;
  const portalPage = await t.app.inject({ url: portalPath });
  expect(portalPage.statusCode).toBe(200);
  expect(portalPage.body).toContain('Creator · ¥44,000 / year');
  const action = (name: string) =>
    t.app.inject({
      method: 'POST',
      url: portalPath.replace('?', `/${name}?`),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'product_type=app',
    });
  expect((await action('cancel')).statusCode).toBe(303);
  expect((await get('/api/users/subscription', user.token)).body.subscription.cancel_at_period_end).toBe(true);
  expect((await action('resume')).statusCode).toBe(303);
  expect((await get('/api/users/subscription', user.token)).body.subscription.cancel_at_period_end).toBe(false);
  expect((await t.app.inject({ url: portalPath.replace(/\.[^.?]+\?/, '.forged?') })).statusCode).toBe(401);
});

test('history: App and API rows by date range, a page at a time and as CSV; a reversed range is explained', async () => {
  const team = await onboardedUser(t.app, 'history@example.com', 'History Team');
  const teamHistory = `/api/teams/${team.teamId}/history`;
  const row = (day: string, name: string, source: 'app' | 'api', minutes: number) => ({
    teamId: team.teamId,
    type: 'video_generation' as const,
    name,
    source,
    durationMs: minutes * 60_000,
    createdAt: new Date(`${day}T12:00:00Z`),
  });
  await t.database.db
    .insert(history)
    .values([
      row('2026-10-01', 'October', 'app', 1),
      row('2026-11-02', 'Welcome, "team"', 'app', 2.5),
      row('2026-11-20', 'November', 'app', 3),
      row('2026-11-21', 'From the API', 'api', 1),
    ]);
  const list = (query: string) => get(`${teamHistory}${query}`, team.token);
  expect((await list('')).body).toMatchObject({ total: 3, page: 1, page_size: 20 });
  const november = (await list('?from=2026-11-01&to=2026-11-20&page_size=1&page=2')).body;
  expect(november).toMatchObject({
    total: 2,
    page: 2,
    items: [{ name: 'Welcome, "team"', type: 'video_generation', duration_minutes: 2.5 }],
  });
  expect((await list('?type=api')).body.items).toMatchObject([{ name: 'From the API', creator: null, created_via: 'api' }]);

  const reversed = await list('?from=2026-11-20&to=2026-11-01');
  expect(reversed).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  expect(reversed.body.fields.to.message).toBe('Display period is not correct. End date must be on or after start date.');
  expect((await list('?from=yesterday')).status).toBe(400);
  expect((await get(teamHistory, owner.token)).status).toBe(404);

  const csv = await t.app.inject({ url: `${teamHistory}.csv?from=2026-11-01`, headers: { authorization: `Bearer ${team.token}` } });
  expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
  expect(csv.headers['content-disposition']).toBe('attachment; filename="kagami-app-history.csv"');
  // A UTF-8 byte order mark first, so Excel reads Japanese names right.
  expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  expect(
    csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\n'),
  ).toEqual([
    'created_at,type,name,duration_minutes,creator',
    '2026-11-20T12:00:00.000Z,video_generation,November,3,',
    '2026-11-02T12:00:00.000Z,video_generation,"Welcome, ""team""",2.5,',
  ]);
  const apiCsv = await t.app.inject({ url: `${teamHistory}.csv?type=api`, headers: { authorization: `Bearer ${team.token}` } });
  expect(apiCsv.body.trim().split('\n')[1]).toBe('2026-11-21T12:00:00.000Z,video_generation,From the API,1,API (History Team)');
});

test('contact sales: a valid request is kept and mailed to the sales address; a bad one is explained', async () => {
  const inquiry = { name: 'Aoki', email: 'Aoki@Example.com', company: 'Big Co', team_size: '201-1000', message: 'We need 300 seats.' };
  const sent = await call(t.app, { method: 'POST', url: '/api/contact-sales', token: owner.token, body: inquiry });
  expect(sent).toMatchObject({ status: 201, body: { id: expect.any(String) } });
  const mail = await latestMail(t.app, 'sales@kagami.local');
  expect(mail.subject).toBe('Kagami Business inquiry: Big Co');
  expect(mail.text).toContain('Aoki <aoki@example.com> from Big Co (team size 201-1000)');
  expect(mail.text).toContain('We need 300 seats.');
  const bad = await call(t.app, {
    method: 'POST',
    url: '/api/contact-sales',
    token: owner.token,
    body: { ...inquiry, email: 'not-an-address', team_size: 'huge', message: ' ' },
  });
  expect(bad).toMatchObject({ status: 400, body: { code: 'validation_failed' } });
  expect(Object.keys(bad.body.fields).sort()).toEqual(['email', 'message', 'team_size']);
  expect(bad.body.fields.team_size.message).toBe('This is not one of the choices.');
  expect((await call(t.app, { method: 'POST', url: '/api/contact-sales', body: inquiry })).status).toBe(401);
});
