import { build, call, latestMail, PASSWORD, signUp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const post = (url: string, body: unknown, token?: string) => call(t.app, { method: 'POST', url, body, token });

test('login returns a bearer token; a wrong password is invalid_credentials, the same as an unknown e-mail', async () => {
  await signUp(t.app, 'login@example.com');
  const ok = await post('/api/login', { email: 'LOGIN@example.com', password: PASSWORD });
  expect(ok.status).toBe(200);
  expect(ok.body.token_type).toBe('Bearer');
  expect(typeof ok.body.access_token).toBe('string');
  const wrong = await post('/api/login', { email: 'login@example.com', password: 'wrong-password' });
  const unknown = await post('/api/login', { email: 'nobody@example.com', password: 'wrong-password' });
  expect(wrong).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
  expect(unknown).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
  expect(wrong.body.message).toMatch(/Caps Lock/);
});

test('profile needs a valid bearer token', async () => {
  expect((await call(t.app, { url: '/api/profile' })).status).toBe(401);
  expect((await call(t.app, { url: '/api/profile', token: 'forged' })).body.code).toBe('unauthorized');
});

test('refresh rotates the token: the old one stops working', async () => {
  const token = await signUp(t.app, 'refresh@example.com');
  const refreshed = await call(t.app, { url: '/api/refresh', token });
  expect(refreshed.status).toBe(200);
  expect(refreshed.body.access_token).not.toBe(token);
  expect((await call(t.app, { url: '/api/profile', token })).status).toBe(401);
  expect((await call(t.app, { url: '/api/profile', token: refreshed.body.access_token })).status).toBe(200);
});

test('logout revokes the token', async () => {
  const token = await signUp(t.app, 'logout@example.com');
  expect((await post('/api/logout', {}, token)).status).toBe(204);
  expect((await call(t.app, { url: '/api/profile', token })).status).toBe(401);
});

test('forgot + reset: the link works once, the old password and old sessions stop working', async () => {
  const token = await signUp(t.app, 'reset@example.com');
  const asked = await post('/api/auth/forgot-password', { email: 'reset@example.com', language: 'ja' });
  expect(asked.status).toBe(202);
  const mail = await latestMail(t.app, 'reset@example.com');
  expect(mail.subject).toContain('パスワード');
  const resetToken = mail.text.match(/token=([\w-]+)/)![1];
  expect(await post('/api/auth/reset-password', { token: resetToken, password: 'brand-new-pass1' })).toMatchObject({ status: 200 });
  expect((await call(t.app, { url: '/api/profile', token })).status).toBe(401);
  expect((await post('/api/login', { email: 'reset@example.com', password: PASSWORD })).status).toBe(401);
  expect((await post('/api/login', { email: 'reset@example.com', password: 'brand-new-pass1' })).status).toBe(200);
  expect(await post('/api/auth/reset-password', { token: resetToken, password: 'another-pass-2' })).toMatchObject({
    status: 401,
    body: { code: 'reset_link_invalid' },
  });
});

test('forgot-password answers 202 for an unknown address and sends nothing', async () => {
  expect((await post('/api/auth/forgot-password', { email: 'ghost@example.com' })).status).toBe(202);
  const box = await call(t.app, { url: '/api/dev/mailbox?to=ghost@example.com' });
  expect(box.body.messages).toEqual([]);
});

test('a made-up reset token is reset_link_invalid', async () => {
  expect(await post('/api/auth/reset-password', { token: 'made-up', password: 'brand-new-pass1' })).toMatchObject({
    status: 401,
    body: { code: 'reset_link_invalid' },
  });
});

test('health answers once ready, and the OpenAPI document lists the endpoints', async () => {
  expect((await call(t.app, { url: '/api/health' })).body.status).toBe('ok');
  const docs = await call(t.app, { url: '/api/docs/json' });
  expect(Object.keys(docs.body.paths)).toEqual(expect.arrayContaining(['/api/login', '/api/auth/signup', '/api/teams/join']));
});
