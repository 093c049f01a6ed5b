import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { build, call, codeIn, latestMail, PASSWORD, signUp, type TestApp } from './helper';

/** A local stand-in for Google's issuer: a key set, a token endpoint, a userinfo endpoint and token information. */
const ISSUER = 'https://accounts.google.example';
const CLIENT_ID = 'kagami-test-client';
/** Access tokens the stand-in knows, by the client each was issued to: one for Kagami, one for another site. */
const ACCESS_TOKENS: Record<string, string> = { 'good-access': CLIENT_ID, 'other-site-access': 'some-other-site.apps.example' };
let issuer: Server;
let t: TestApp;
let privateKey: CryptoKey;
let jwk: JWK;

const idToken = (claims: Record<string, unknown>, options: { audience?: string; issuer?: string; key?: CryptoKey } = {}) =>
  new SignJWT({ email_verified: true, ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: 'k1' })
    .setIssuer(options.issuer ?? ISSUER)
    .setAudience(options.audience ?? CLIENT_ID)
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(options.key ?? privateKey);

beforeAll(async () => {
  const pair = await generateKeyPair('RS256');
  privateKey = pair.privateKey;
  jwk = { ...(await exportJWK(pair.publicKey)), kid: 'k1', alg: 'RS256', use: 'sig' };
  issuer = createServer(async (request, response) => {
    response.setHeader('content-type', 'application/json');
    if (request.url === '/jwks') return response.end(JSON.stringify({ keys: [jwk] }));
    if (request.url === '/token') {
      let body = '';
      for await (const chunk of request) body += chunk;
      const code = new URLSearchParams(body).get('code');
      if (code !== 'good-code') return response.writeHead(400).end('{}');
      return response.end(JSON.stringify({ id_token: await idToken({ sub: 'sub-code', email: 'code@example.com' }) }));
    }
    if (request.url === '/userinfo') {
      const token = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
      if (!ACCESS_TOKENS[token]) return response.writeHead(401).end('{}');
      return response.end(JSON.stringify({ sub: 'sub-access', email: 'access@example.com', email_verified: true }));
    }
    if (request.url?.startsWith('/tokeninfo?')) {
      const token = new URL(request.url, 'http://x').searchParams.get('access_token') ?? '';
      if (!ACCESS_TOKENS[token]) return response.writeHead(400).end('{"error":"invalid_token"}');
      return response.end(JSON.stringify({ aud: ACCESS_TOKENS[token], azp: ACCESS_TOKENS[token], sub: 'sub-access', expires_in: '3500' }));
    }
    response.writeHead(404).end('{}');
  });
  await new Promise<void>((resolve) => issuer.listen(0, '127.0.0.1', resolve));
  const base = `http://127.0.0.1:${(issuer.address() as AddressInfo).port}`;
  t = await build({
    GOOGLE_CLIENT_ID: CLIENT_ID,
    GOOGLE_ISSUERS: ISSUER,
    GOOGLE_JWKS_URL: `${base}/jwks`,
    GOOGLE_TOKEN_URL: `${base}/token`,
    GOOGLE_USERINFO_URL: `${base}/userinfo`,
    GOOGLE_TOKENINFO_URL: `${base}/tokeninfo`,
  });
});
afterAll(async () => {
  await t.close();
  issuer.close();
});

const post = (url: string, body: unknown) => call(t.app, { method: 'POST', url, body });

test('an ID token from the issuer signs up a Google account, then logs it in again', async () => {
  const credential = await idToken({ sub: 'sub-1', email: 'Goo@example.com', name: 'Goo Gle' });
  const first = await post('/api/google/signup', { credential });
  expect(first.status).toBe(200);
  expect(first.body.token_type).toBe('Bearer');
  const profile = await call(t.app, { url: '/api/profile', token: first.body.access_token });
  expect(profile.body).toMatchObject({ email: 'goo@example.com', provider: 'google', name: 'Goo Gle' });
  const again = await post('/api/google/login', { credential: await idToken({ sub: 'sub-1', email: 'goo@example.com' }) });
  expect((await call(t.app, { url: '/api/profile', token: again.body.access_token })).body.id).toBe(profile.body.id);
  const change = await call(t.app, {
    method: 'POST',
    url: '/api/users/change-email-request',
    token: first.body.access_token,
    body: { new_email: 'x@example.com' },
  });
  expect(change).toMatchObject({ status: 403, body: { code: 'email_managed_by_provider' } });
});

test('an authorization code and an access token are accepted too', async () => {
  expect((await post('/api/google/login', { code: 'good-code' })).status).toBe(200);
  expect((await post('/api/google/login', { access_token: 'good-access' })).status).toBe(200);
  expect((await post('/api/google/login', { code: 'bad-code' })).body.code).toBe('google_token_invalid');
  expect((await post('/api/google/login', { access_token: 'bad' })).body.code).toBe('google_token_invalid');
});

test('tokens for another audience, from another issuer, or signed by another key are refused', async () => {
  const other = await generateKeyPair('RS256');
  for (const credential of [
    await idToken({ sub: 's', email: 'x@example.com' }, { audience: 'someone-else' }),
    await idToken({ sub: 's', email: 'x@example.com' }, { issuer: 'https://evil.example' }),
    await idToken({ sub: 's', email: 'x@example.com' }, { key: other.privateKey }),
    'not-a-jwt',
  ]) {
    expect(await post('/api/google/login', { credential })).toMatchObject({ status: 401, body: { code: 'google_token_invalid' } });
  }
  expect((await post('/api/google/login', {})).status).toBe(401);
});

test('an unverified Google e-mail is refused', async () => {
  const unverified = await idToken({ sub: 'sub-u', email: 'u@example.com', email_verified: false });
  expect((await post('/api/google/login', { credential: unverified })).body.code).toBe('google_email_unverified');
});

// The probe's finding: any Google access token was taken, whichever site it was issued to.
test('an access token issued to another site is refused (its token information names another client)', async () => {
  const other = await post('/api/google/login', { access_token: 'other-site-access' });
  expect(other).toMatchObject({ status: 401, body: { code: 'google_token_invalid' } });
  expect((await post('/api/google/signup', { access_token: 'other-site-access' })).status).toBe(401);
});

// The probe's finding: Google sign-in took over a password account of the same address without its owner's say.
test('Google meets a password account of its address: linked only once the owner types the code sent there', async () => {
  const password = await signUp(t.app, 'both@example.com');
  const accountId = (await call(t.app, { url: '/api/profile', token: password })).body.id as string;
  const credential = await idToken({ sub: 'sub-both', email: 'both@example.com' });
  const asked = await post('/api/google/login', { credential });
  expect(asked).toMatchObject({ status: 409, body: { code: 'google_link_required', email: 'both@example.com' } });
  expect(asked.body.access_token).toBeUndefined();
  const mail = await latestMail(t.app, 'both@example.com');
  expect(mail.subject).toMatch(/Link Google/);

  // A wrong code, a forged link token, or a token for another account links nothing.
  const linkToken = asked.body.link_token as string;
  expect((await post('/api/google/link', { link_token: linkToken, code: '000000' })).body.code).toBe('code_invalid');
  const [userId, expires, , signature] = linkToken.split('.');
  const forged = [userId, expires, Buffer.from('sub-attacker').toString('base64url'), signature].join('.');
  expect(await post('/api/google/link', { link_token: forged, code: codeIn(mail.text) })).toMatchObject({
    status: 401,
    body: { code: 'google_link_invalid' },
  });
  expect((await post('/api/google/login', { credential })).status).toBe(409);

  const linked = await post('/api/google/link', {
    link_token: linkToken,
    code: codeIn((await latestMail(t.app, 'both@example.com')).text),
  });
  expect(linked.status).toBe(200);
  expect((await call(t.app, { url: '/api/profile', token: linked.body.access_token })).body.id).toBe(accountId);
  // From now on Google signs the owner straight in, and the password still works.
  const again = await post('/api/google/login', { credential: await idToken({ sub: 'sub-both', email: 'both@example.com' }) });
  expect((await call(t.app, { url: '/api/profile', token: again.body.access_token })).body.id).toBe(accountId);
  expect((await post('/api/login', { email: 'both@example.com', password: PASSWORD })).status).toBe(200);
});

test('without a client id the endpoints say Google is not configured', async () => {
  const plain = await build();
  const response = await call(plain.app, { method: 'POST', url: '/api/google/login', body: { credential: 'x' } });
  expect(response).toMatchObject({ status: 404, body: { code: 'google_not_configured' } });
  await plain.close();
});
