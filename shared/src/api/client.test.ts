import { api, ApiError, configureApi, onPendingRequests } from './client';
import { fakeApi } from '../testing/fake-api';

const onUnauthorized = jest.fn();
beforeEach(() => {
  onUnauthorized.mockReset();
  localStorage.clear();
  configureApi({ getToken: () => 'tok-123', onUnauthorized });
});

test('JSON bodies go out in snake_case with the bearer token; 2xx bodies come back in camelCase', async () => {
  const server = fakeApi({ 'PUT /api/users/update-profile': { status: 200, body: { company_name: 'K', teams: [{ team_id: 'x' }] } } });
  const result = await api.put('/api/users/update-profile', { companyName: 'K', numberOfEmployees: '1' });
  expect(server.calls[0]!.body).toEqual({ company_name: 'K', number_of_employees: '1' });
  expect(server.calls[0]!.headers.authorization).toBe('Bearer tok-123');
  expect(result).toEqual({ companyName: 'K', teams: [{ teamId: 'x' }] });
});

test('GET sends its parameters in the query string', async () => {
  const server = fakeApi({ 'GET /api/teams/t1/languages': ({ url }) => ({ status: 200, body: { q: url.search } }) });
  expect(await api.get('/api/teams/t1/languages', { avatarId: 'a1', page: undefined })).toEqual({ q: '?avatar_id=a1' });
  expect(server.calls[0]!.body).toEqual({});
});

test('a 204 gives an empty object', async () => {
  fakeApi({ 'POST /api/logout': { status: 204 } });
  expect(await api.post('/api/logout')).toEqual({});
});

test('a failure rejects with the body fields plus the status', async () => {
  fakeApi({ 'POST /api/auth/resend-code': { status: 429, body: { code: 'too_many_requests', message: 'wait', retry_after_seconds: 42 } } });
  const error = (await api.post('/api/auth/resend-code', { email: 'a@b.c' }).catch((e: unknown) => e)) as ApiError;
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 429, code: 'too_many_requests', retryAfterSeconds: 42, message: 'wait' });
  expect(onUnauthorized).not.toHaveBeenCalled();
});

test('a 401 triggers the logout handler and still rejects', async () => {
  fakeApi({ 'GET /api/profile': { status: 401, body: { code: 'unauthorized', message: 'no' } } });
  await expect(api.get('/api/profile')).rejects.toMatchObject({ status: 401, code: 'unauthorized' });
  expect(onUnauthorized).toHaveBeenCalledTimes(1);
});

test('a network failure is a network_error', async () => {
  globalThis.fetch = (() => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch;
  await expect(api.get('/api/teams')).rejects.toMatchObject({ status: 0, code: 'network_error' });
});

test('pending requests are counted for the loading indicator', async () => {
  let release: () => void = () => {};
  fakeApi({ 'GET /api/teams': () => new Promise((resolve) => (release = () => resolve({ status: 200, body: [] }))) });
  const seen: number[] = [];
  const stop = onPendingRequests((n) => seen.push(n));
  const request = api.get('/api/teams');
  await Promise.resolve();
  release();
  await request;
  stop();
  expect(seen).toEqual([0, 1, 0]);
});

test('an asset resolves to the final URL after the redirect, asked for with the bearer token', async () => {
  const server = fakeApi({
    'GET /assets/data/avatar_output/a.jpg': { status: 200, url: 'http://api.test/assets/signed/avatar_output/a.jpg?sig=s' },
  });
  expect(await api.assetUrl('/assets/data/avatar_output/a.jpg')).toBe('http://api.test/assets/signed/avatar_output/a.jpg?sig=s');
  expect(server.calls[0]!.headers.authorization).toBe('Bearer tok-123');
  fakeApi({ 'GET /assets/data/avatar_output/b.jpg': { status: 404, body: { code: 'not_found' } } });
  await expect(api.assetUrl('/assets/data/avatar_output/b.jpg')).rejects.toMatchObject({ status: 404, code: 'not_found' });
});

test('a binary answer comes back as a Blob; its failures are ApiErrors', async () => {
  const server = fakeApi({ 'POST /api/teams/t1/voice-preview': { status: 200, body: 'RIFF', contentType: 'audio/wav' } });
  const wav = await api.blob('POST', '/api/teams/t1/voice-preview', { voiceId: 'v1' });
  expect(wav.type).toBe('audio/wav');
  expect(server.calls[0]!.body).toEqual({ voice_id: 'v1' });
  server.on('POST /api/teams/t1/voice-preview', { status: 400, body: { code: 'text_too_long' } });
  await expect(api.blob('POST', '/api/teams/t1/voice-preview', {})).rejects.toMatchObject({ status: 400, code: 'text_too_long' });
});
