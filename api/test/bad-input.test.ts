import { build, call, signUp, type TestApp } from './helper';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await build();
  token = await signUp(t.app, 'input@example.com');
});
afterAll(() => t.close());

const long = 'x'.repeat(300);
type Case = [method: 'POST' | 'PUT', url: string, body: unknown, fields: string[]];

const cases: Case[] = [
  ['POST', '/api/check-email', {}, ['email']],
  ['POST', '/api/check-email', { email: 42 }, ['email']],
  ['POST', '/api/check-email', { email: 'not-an-email' }, ['email']],
  ['POST', '/api/check-email', { email: `${long}@example.com` }, ['email']],
  ['POST', '/api/auth/send-verification-code', { email: 'a@example.com', language: 'fr' }, ['language']],
  ['POST', '/api/auth/resend-code', { email: [] }, ['email']],
  ['POST', '/api/auth/verify-code', { email: 'a@example.com', code: '12ab' }, ['code']],
  ['POST', '/api/auth/signup', { email: 'a@example.com', password: 'short', code: '123456' }, ['password']],
  ['POST', '/api/auth/signup', { email: 'a@example.com', password: 'パスワードパスワード', code: '123456' }, ['password']],
  [
    'POST',
    '/api/auth/signup',
    { email: 'a@example.com', password: 'long-enough', code: '123456', invitation_code: 'bad code!' },
    ['invitation_code'],
  ],
  ['POST', '/api/login', { email: 'a@example.com' }, ['password']],
  ['POST', '/api/login', { email: null, password: 'x' }, ['email']],
  ['POST', '/api/auth/forgot-password', { email: true }, ['email']],
  ['POST', '/api/auth/reset-password', { token: '', password: 'long-enough' }, ['token']],
  ['POST', '/api/auth/reset-password', { token: 'abc', password: long }, ['password']],
  ['POST', '/api/google/login', { credential: 5 }, ['credential']],
  ['POST', '/api/teams', { name: '' }, ['name']],
  ['POST', '/api/teams', { name: long }, ['name']],
  ['POST', '/api/teams/join', { code: '' }, ['code']],
  ['PUT', '/api/users/current-team', { team_id: 'not-a-uuid' }, ['team_id']],
  ['PUT', '/api/users/update-profile', { name: 7 }, ['name', 'number_of_employees', 'role']],
];

test.each(cases)('%s %s %j -> 400 with field errors', async (method, url, body, fields) => {
  const response = await call(t.app, { method, url, body, token });
  expect(response.status).toBe(400);
  expect(response.body.code).toBe('validation_failed');
  expect(Object.keys(response.body.fields)).toEqual(expect.arrayContaining(fields));
  for (const field of fields) expect(response.body.fields[field].message).toEqual(expect.any(String));
});

test('a field error carries its translation key and parameters', async () => {
  const response = await call(t.app, {
    method: 'POST',
    url: '/api/auth/signup',
    body: { email: 'a@example.com', password: 'short', code: '123456' },
  });
  expect(response.body.fields.password).toEqual({
    key: 'validation.minLength',
    params: { length: '8' },
    message: 'Enter at least 8 characters.',
  });
});

test('malformed JSON is a 400, not a 500', async () => {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: '{"email":',
    headers: { 'content-type': 'application/json' },
  });
  expect(response.statusCode).toBe(400);
  expect(JSON.parse(response.body).code).toBe('bad_request');
});

test('an oversized body is a 413', async () => {
  const response = await call(t.app, { method: 'POST', url: '/api/login', body: { email: 'a@example.com', password: 'x'.repeat(70_000) } });
  expect(response).toMatchObject({ status: 413, body: { code: 'payload_too_large' } });
});

test('a non-JSON content type is a 415', async () => {
  const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: 'email=a', headers: { 'content-type': 'text/xml' } });
  expect(response.statusCode).toBe(415);
});

test('an unknown route is a JSON 404', async () => {
  expect(await call(t.app, { url: '/api/nothing-here' })).toMatchObject({ status: 404, body: { code: 'not_found' } });
});

test('sign-in endpoints are rate limited per client', async () => {
  const limited = await build({ AUTH_RATE_LIMIT_MAX: '3' });
  const attempts = [];
  for (let i = 0; i < 4; i += 1) {
    attempts.push(await call(limited.app, { method: 'POST', url: '/api/login', body: { email: 'a@example.com', password: 'whatever' } }));
  }
  expect(attempts.map((a) => a.status)).toEqual([401, 401, 401, 429]);
  expect(attempts[3]!.body.code).toBe('rate_limited');
  await limited.close();
});
