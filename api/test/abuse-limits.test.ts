// Abuse limits: per client (AUTH_RATE_LIMIT_MAX a minute on sign-in, sign-up, codes, invitations and
// e-mail changes; wrong API keys), per account (ACCOUNT_LIMITS, whatever address the attempts come from)
// and per API key, with 429, Retry-After and a message in English and Japanese. Wrong passwords have limits
// of their own (security-probe.test.ts). The API here sits behind a proxy on loopback (TRUST_PROXY), so
// each request's X-Forwarded-For is its client.
import en from '@kagami/shared/locales/en/common.json';
import ja from '@kagami/shared/locales/ja/common.json';
import { rateLimits } from '../src/db/schema';
import { ACCOUNT_LIMITS } from '../src/routing/account-limits';
import { removeEndedWindows } from '../src/routing/rate-limit-store';
import { build, call, onboardedUser, type TestApp } from './helper';

let t: TestApp;
let ip = 0;
/** Each call from a new client address (the API trusts X-Forwarded-For from its proxy on loopback). */
const fromNewAddress = () => ({ 'x-forwarded-for': `203.0.113.${(ip = (ip % 250) + 1)}` });

beforeAll(async () => {
  t = await build({ AUTH_RATE_LIMIT_MAX: '5', TRUST_PROXY: 'loopback' });
});
afterAll(() => t.close());

test('per client: the sixth sign-in a minute from one address is refused, another address is not', async () => {
  const same = { 'x-forwarded-for': '198.51.100.7' };
  const attempt = (headers: Record<string, string>) =>
    call(t.app, { method: 'POST', url: '/api/login', headers, body: { email: `someone-${ip}@example.com`, password: 'wrong-horse-1' } });
  for (let i = 0; i < 5; i++) expect((await attempt(same)).status).toBe(401);
  const refused = await attempt(same);
  expect(refused).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  expect((await attempt(fromNewAddress())).status).toBe(401);
});

test('per account: password reset mails, invitation codes and e-mail changes', async () => {
  const forgot = () =>
    call(t.app, { method: 'POST', url: '/api/auth/forgot-password', headers: fromNewAddress(), body: { email: 'reset@example.com' } });
  for (let i = 0; i < ACCOUNT_LIMITS.passwordReset.max; i++) expect((await forgot()).status).toBe(202);
  expect((await forgot()).body.code).toBe('too_many_attempts');

  const { token } = await onboardedUser(t.app, 'joiner@example.com');
  const join = () =>
    call(t.app, { method: 'POST', url: '/api/teams/join', token, headers: fromNewAddress(), body: { code: 'GuessedCode123' } });
  for (let i = 0; i < ACCOUNT_LIMITS.joinCode.max; i++) expect((await join()).status).toBe(404);
  expect((await join()).status).toBe(429);

  const verify = () =>
    call(t.app, {
      method: 'POST',
      url: '/api/users/change-email-verify-otp',
      token,
      headers: fromNewAddress(),
      body: { new_email: 'new@example.com', otp: '123456' },
    });
  for (let i = 0; i < ACCOUNT_LIMITS.emailChange.max; i++) expect((await verify()).status).toBe(400);
  expect((await verify()).status).toBe(429);
});

test('per client address: after too many wrong API keys, every key is refused for a while, the right one too', async () => {
  const owner = await onboardedUser(t.app, 'keys@example.com');
  const key = (await call(t.app, { method: 'POST', url: `/api/teams/${owner.teamId}/api-key`, token: owner.token })).body.api_key as string;
  const guesser = { 'x-forwarded-for': '198.51.100.99' };
  const withKey = (apiKey: string, headers: Record<string, string>) =>
    call(t.app, { url: '/api/v1/team', headers: { ...headers, 'x-api-key': apiKey } });
  const { max } = ACCOUNT_LIMITS.wrongApiKey;
  for (let i = 0; i < max - 1; i++) expect((await withKey(`kgm_guess${i}`, guesser)).status).toBe(401);
  // Uploads take keys too, and count towards the same limit.
  const upload = await call(t.app, { method: 'POST', url: '/api/uploads', headers: { ...guesser, 'x-api-key': 'kgm_guess-upload' } });
  expect(upload.status).toBe(401);

  const refused = await withKey(key, guesser);
  expect(refused).toMatchObject({
    status: 429,
    body: {
      code: 'too_many_wrong_keys',
      message: "Too many wrong API keys from this address. Wait 15 minutes, then try again with your team's key.",
    },
  });
  expect(Number(refused.headers['retry-after'])).toBeGreaterThan(14 * 60);
  expect((await withKey(key, fromNewAddress())).status).toBe(200);
});

test('wrong keys open no count of their own (only their address is counted), and ended windows are swept', async () => {
  const rows = async () => (await t.database.db.select().from(rateLimits)).length;
  const before = await rows();
  const address = fromNewAddress();
  for (let i = 0; i < 5; i++)
    expect((await call(t.app, { url: '/api/v1/team', headers: { ...address, 'x-api-key': `kgm_other${i}` } })).status).toBe(401);
  expect(await rows()).toBe(before + 1);

  await t.database.db.insert(rateLimits).values({ key: 'ended', windowStart: new Date(Date.now() - 2 * 86_400_000), count: 3 });
  await removeEndedWindows(t.database.db);
  expect(await rows()).toBe(before + 1);
});

test('the refusals read in English and Japanese', () => {
  for (const code of [
    'rate_limited',
    'too_many_attempts',
    'too_many_requests',
    'code_attempts_exceeded',
    'too_many_wrong_keys',
    'sign_in_slow_down',
    'account_locked',
    'too_many_streams',
  ]) {
    expect([code, typeof en.errors[code as keyof typeof en.errors]]).toEqual([code, 'string']);
    expect([code, typeof ja.errors[code as keyof typeof ja.errors]]).toEqual([code, 'string']);
  }
  expect(ja.errors.too_many_attempts).toContain('{{minutes}}');
});
