import { eq } from 'drizzle-orm';
import { users, verificationCodes } from '../src/db/schema';
import { build, call, codeIn, latestMail, PASSWORD, signUp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
  console.log(`signup tests on ${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'}`);
});
afterAll(() => t.close());

const post = (url: string, body: unknown, token?: string) => call(t.app, { method: 'POST', url, body, token });

test('check-email answers available for a new address', async () => {
  expect(await post('/api/check-email', { email: 'New@Example.com' })).toMatchObject({ status: 200, body: { available: true } });
});

test('a code is mailed in the requested language and can be verified', async () => {
  const sent = await post('/api/auth/send-verification-code', { email: 'ja@example.com', language: 'ja' });
  expect(sent.status).toBe(202);
  expect(sent.body.resend_after_seconds).toBe(60);
  const mail = await latestMail(t.app, 'ja@example.com');
  expect(mail.subject).toContain('認証コード');
  const verified = await post('/api/auth/verify-code', { email: 'ja@example.com', code: codeIn(mail.text) });
  expect(verified).toMatchObject({ status: 200, body: { verified: true } });
});

test('asking again too soon is refused with the wait, capped at 300 s', async () => {
  await post('/api/auth/send-verification-code', { email: 'wait@example.com' });
  const again = await post('/api/auth/resend-code', { email: 'wait@example.com' });
  expect(again.status).toBe(429);
  expect(again.body.code).toBe('too_many_requests');
  expect(again.body.retry_after_seconds).toBeGreaterThan(0);
  expect(again.body.retry_after_seconds).toBeLessThanOrEqual(300);
});

test('after the wait, resend sends a new code and the wait grows', async () => {
  await post('/api/auth/send-verification-code', { email: 'grow@example.com' });
  await t.database.db
    .update(verificationCodes)
    .set({ createdAt: new Date(Date.now() - 61_000) })
    .where(eq(verificationCodes.email, 'grow@example.com'));
  const again = await post('/api/auth/resend-code', { email: 'grow@example.com' });
  expect(again).toMatchObject({ status: 202, body: { resend_after_seconds: 120 } });
});

test('a wrong code is code_invalid; an old one code_expired; too many wrong ones are locked', async () => {
  await post('/api/auth/send-verification-code', { email: 'codes@example.com' });
  const code = codeIn((await latestMail(t.app, 'codes@example.com')).text);
  const wrong = code === '000000' ? '111111' : '000000';
  expect(await post('/api/auth/verify-code', { email: 'codes@example.com', code: wrong })).toMatchObject({
    status: 400,
    body: { code: 'code_invalid' },
  });
  await t.database.db
    .update(verificationCodes)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(verificationCodes.email, 'codes@example.com'));
  expect(await post('/api/auth/verify-code', { email: 'codes@example.com', code })).toMatchObject({
    status: 410,
    body: { code: 'code_expired' },
  });
  for (let i = 0; i < 4; i += 1) await post('/api/auth/verify-code', { email: 'codes@example.com', code: wrong });
  expect(await post('/api/auth/verify-code', { email: 'codes@example.com', code })).toMatchObject({
    status: 429,
    body: { code: 'code_attempts_exceeded' },
  });
});

test('no code was ever sent: code_invalid', async () => {
  expect(await post('/api/auth/verify-code', { email: 'never@example.com', code: '123456' })).toMatchObject({
    status: 400,
    body: { code: 'code_invalid' },
  });
});

test('signup returns a token that reads the new profile; the e-mail is then taken', async () => {
  const token = await signUp(t.app, 'signup@example.com');
  const profile = await call(t.app, { url: '/api/profile', token });
  expect(profile.status).toBe(200);
  expect(profile.body).toMatchObject({ email: 'signup@example.com', name: null, provider: 'password', teams: [], current_team: null });
  expect(await post('/api/check-email', { email: 'signup@example.com' })).toMatchObject({ status: 409, body: { code: 'email_taken' } });
  expect(await post('/api/auth/send-verification-code', { email: 'signup@example.com' })).toMatchObject({
    status: 409,
    body: { code: 'email_taken' },
  });
});

test('a code is single use: signing up twice with it fails', async () => {
  await post('/api/auth/send-verification-code', { email: 'once@example.com' });
  const code = codeIn((await latestMail(t.app, 'once@example.com')).text);
  expect((await post('/api/auth/signup', { email: 'once@example.com', password: PASSWORD, code })).status).toBe(201);
  const twice = await post('/api/auth/signup', { email: 'once@example.com', password: PASSWORD, code });
  expect(twice.body.code).toBe('email_taken');
});

test('signup with a wrong code creates nothing', async () => {
  await post('/api/auth/send-verification-code', { email: 'nocode@example.com' });
  const code = codeIn((await latestMail(t.app, 'nocode@example.com')).text);
  const wrong = code === '999999' ? '888888' : '999999';
  expect(await post('/api/auth/signup', { email: 'nocode@example.com', password: PASSWORD, code: wrong })).toMatchObject({
    status: 400,
    body: { code: 'code_invalid' },
  });
  expect(await post('/api/check-email', { email: 'nocode@example.com' })).toMatchObject({ status: 200 });
});

test("a deleted account's e-mail is unavailable", async () => {
  await signUp(t.app, 'gone@example.com');
  await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.email, 'gone@example.com'));
  expect(await post('/api/check-email', { email: 'gone@example.com' })).toMatchObject({
    status: 409,
    body: { code: 'email_unavailable' },
  });
  expect(await post('/api/login', { email: 'gone@example.com', password: PASSWORD })).toMatchObject({ status: 401 });
});

test('update-profile stores the onboarding answers', async () => {
  const token = await signUp(t.app, 'profile@example.com');
  const updated = await call(t.app, {
    method: 'PUT',
    url: '/api/users/update-profile',
    token,
    body: { name: 'Aiko', company_name: 'Kagami KK', number_of_employees: '11-50', role: 'MANAGER_TEAM_LEAD' },
  });
  expect(updated).toMatchObject({
    status: 200,
    body: { name: 'Aiko', company_name: 'Kagami KK', number_of_employees: '11-50', role: 'MANAGER_TEAM_LEAD' },
  });
  const bad = await call(t.app, {
    method: 'PUT',
    url: '/api/users/update-profile',
    token,
    body: { name: '', number_of_employees: 'lots', role: 'KING' },
  });
  expect(bad.status).toBe(400);
  expect(Object.keys(bad.body.fields).sort()).toEqual(['name', 'number_of_employees', 'role']);
  // A value outside the choices is not reported as missing.
  expect(bad.body.fields.number_of_employees).toMatchObject({ key: 'validation.notAChoice', message: 'This is not one of the choices.' });
  expect(bad.body.fields.role.key).toBe('validation.notAChoice');
});
