// Uploads with a team's API key, and avatars and voice models created from them through /api/v1:
// charged to the API plan, in API History; the key's uploads are its team's alone.
import { readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import * as tus from 'tus-js-client';
import { createCanvas } from '@napi-rs/canvas';
import { build, call, onboardedUser, subscribe, type TestApp } from './helper';
import { publicApiContract } from './contract';
import { mediaDir, testPatternVideo, tone } from './media/fixtures';

const contract = publicApiContract();
let t: TestApp;
let endpoint: string;
let dir: string;
const team = { id: '', token: '', key: '' };
const other = { id: '', token: '', key: '' };

beforeAll(async () => {
  t = await build({ RUN_WORKER: 'false' }, { onAnswer: contract.onAnswer });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  endpoint = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/uploads`;
  for (const [who, email] of [
    [team, 'key-uploader@example.com'],
    [other, 'key-other@example.com'],
  ] as const) {
    const user = await onboardedUser(t.app, email);
    Object.assign(who, { id: user.teamId, token: user.token });
    who.key = (await call(t.app, { method: 'POST', url: `/api/teams/${user.teamId}/api-key`, token: user.token })).body.api_key as string;
  }
  await subscribe(t, team.token, 'price_api_starter_month_usd');
  dir = mediaDir();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Uploads through tus with these headers; resolves to the upload's id. */
function upload(file: Buffer, purpose: string, headers: Record<string, string>, teamId?: string) {
  return new Promise<string>((resolve, reject) => {
    const sending = new tus.Upload(file, {
      endpoint,
      retryDelays: [],
      headers,
      metadata: { purpose, filename: 'file', filetype: 'application/octet-stream', ...(teamId ? { team_id: teamId } : {}) },
      onSuccess: () => resolve(sending.url!.split('/').pop()!),
      onError: reject,
    });
    sending.start();
  });
}
const v1Post = (url: string, key: string, body: unknown) =>
  call(t.app, { method: 'POST', url: `/api/v1${url}`, headers: { 'x-api-key': key }, body });

test('a voice model from an upload made with the key: 202, charged to the API plan, in API History', async () => {
  const audio = readFileSync(await tone(dir, 5, 'voice.wav'));
  const uploadId = await upload(audio, 'voice_audio', { 'X-API-Key': team.key });
  const created = await v1Post('/voices', team.key, { name: 'API voice', language: 'en', upload_id: uploadId });
  expect(created).toMatchObject({ status: 202, body: { kind: 'custom', name: 'API voice', status: 'in_progress' } });
  const quota = await call(t.app, { url: '/api/v1/quota', headers: { 'x-api-key': team.key } });
  expect(quota.body.quota.custom_voices).toMatchObject({ used: 1 });
  const history = await call(t.app, { url: `/api/teams/${team.id}/history?type=api`, token: team.token });
  expect(history.body.items).toEqual([expect.objectContaining({ type: 'voice_model_creation', name: 'API voice', creator: null })]);
  const appHistory = await call(t.app, { url: `/api/teams/${team.id}/history?type=app`, token: team.token });
  expect(appHistory.body.items).toEqual([]);
  // Used once.
  expect(await v1Post('/voices', team.key, { name: 'Again', language: 'en', upload_id: uploadId })).toMatchObject({
    status: 400,
    body: { code: 'upload_not_ready' },
  });
});

test('an avatar from a video uploaded with the key needs a consent statement', async () => {
  const video = readFileSync(await testPatternVideo(dir, 31));
  const uploadId = await upload(video, 'avatar_video', { 'X-API-Key': team.key });
  const refused = await v1Post('/avatars', team.key, { name: 'API avatar', language: 'ja', upload_id: uploadId, consent_text: ' ' });
  expect(refused.status).toBe(400);
  expect(Object.keys(refused.body.fields)).toEqual(['consent_text']);
  const created = await v1Post('/avatars', team.key, {
    name: 'API avatar',
    language: 'ja',
    upload_id: uploadId,
    consent_text: 'I, Aiko Tanaka, agree to become this avatar.',
  });
  expect(created).toMatchObject({ status: 202, body: { name: 'API avatar', status: 'in_progress', language: 'ja' } });
});

test("a key's upload is its team's alone: not another team's key, not a member's session, not another team named", async () => {
  const audio = readFileSync(await tone(dir, 3, 'private.wav'));
  const uploadId = await upload(audio, 'video_audio', { 'X-API-Key': team.key });
  expect(await v1Post('/voices', other.key, { name: 'Stolen', language: 'en', upload_id: uploadId })).toMatchObject({ status: 400 });
  const peek = (headers: Record<string, string>) =>
    t.app.inject({ method: 'HEAD', url: `/api/uploads/${uploadId}`, headers: { 'tus-resumable': '1.0.0', ...headers } });
  expect((await peek({ 'x-api-key': team.key })).statusCode).toBe(200);
  expect((await peek({ 'x-api-key': other.key })).statusCode).toBe(404);
  expect((await peek({ authorization: `Bearer ${team.token}` })).statusCode).toBe(404);
  expect((await peek({ 'x-api-key': 'kgm_wrong' })).statusCode).toBe(401);
  await expect(upload(audio, 'voice_audio', { 'X-API-Key': team.key }, other.id)).rejects.toThrow(/404/);
});

test("a logo uploaded with the key (purpose image) is the kit's logo in /api/v1, not a background; another team's is refused at its field", async () => {
  const canvas = createCanvas(120, 60);
  canvas.getContext('2d').fillRect(0, 0, 120, 60);
  const png = canvas.toBuffer('image/png');
  const logo = await upload(png, 'image', { 'X-API-Key': team.key });
  const put = (key: string, body: unknown) => call(t.app, { method: 'PUT', url: '/api/v1/brand-kit', headers: { 'x-api-key': key }, body });
  const saved = await put(team.key, { colors: ['#0F766E'], logo_upload_id: logo });
  expect(saved).toMatchObject({ status: 200, body: { logo: { upload_id: logo } } });
  expect(saved.body.logo.preview).toMatch(/\/assets\/signed\//);
  const library = await call(t.app, { url: `/api/teams/${team.id}/backgrounds`, token: team.token });
  expect(library.body.data).toEqual([]);
  // Another team's picture (uploaded by its member: that team has no API plan).
  const theirs = await upload(png, 'image', { Authorization: `Bearer ${other.token}` }, other.id);
  const refused = await put(team.key, { logo_upload_id: theirs });
  expect(refused).toMatchObject({ status: 422, body: { code: 'upload_not_ready' } });
  expect(Object.keys(refused.body.fields)).toEqual(['logo_upload_id']);
});

test('every /api/v1 answer above is one the OpenAPI document declares, in its schema', () => {
  console.log(`Contract: ${contract.answers.size} kinds of /api/v1 answer checked, ${contract.violations.length} violations.`);
  expect(contract.violations).toEqual([]);
  expect(contract.answers.size).toBeGreaterThan(0);
});
