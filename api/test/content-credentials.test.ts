// Every finished video carries Content Credentials and says it is AI-generated in its container; POST /api/v1/verify
// reads them back for any file, and refuses what is not a video with a reason.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AI_COMMENT, TRAINED_ALGORITHMIC_MEDIA } from '../src/engine/provenance/credentials';
import { runFfmpeg } from '../src/media/tools';
import { build, call, eventually, onboardedUser, readyLoopAvatar, type TestApp } from './helper';

let t: TestApp;
let key = '';
let output = '';
const owner = { token: '', teamId: '' };

beforeAll(async () => {
  t = await build({ WATERMARK: 'false' });
  Object.assign(owner, await onboardedUser(t.app, 'credentials@example.com', 'Provenance Team'));
  key = (await call(t.app, { method: 'POST', url: `/api/teams/${owner.teamId}/api-key`, token: owner.token })).body.api_key;
  const avatarId = await readyLoopAvatar(t, owner.teamId, 'Signed presenter');
  const created = await call(t.app, {
    method: 'POST',
    url: `/api/teams/${owner.teamId}/videos`,
    token: owner.token,
    body: { name: 'Signed', avatar_id: avatarId, language: 'en', script: 'This video carries its credentials.' },
  });
  const ready = await eventually(
    () => call(t.app, { url: `/api/teams/${owner.teamId}/videos/${created.body.id}`, token: owner.token }),
    (r) => r.body.status !== 'in_progress',
  );
  expect(ready.body.status).toBe('ready');
  output = join(t.config.dataDir, 'video_output', `${created.body.id}.mp4`);
}, 120_000);
afterAll(() => t.close());

const verify = (payload: Buffer | string, contentType = 'video/mp4') =>
  t.app.inject({ method: 'POST', url: '/api/v1/verify', headers: { 'x-api-key': key, 'content-type': contentType }, payload });

test('a finished video says it is AI-generated in its container and in a signed manifest naming its team and avatar', async () => {
  const { stdout } = await runFfmpeg(['-i', output, '-f', 'ffmetadata', 'pipe:1']);
  expect(stdout.toString()).toContain(`comment=${AI_COMMENT}`);
  const answer = await verify(readFileSync(output));
  expect(answer.statusCode).toBe(200);
  expect(answer.json()).toMatchObject({
    has_credentials: true,
    kagami: true,
    altered: false,
    trusted: true,
    digital_source_type: TRAINED_ALGORITHMIC_MEDIA,
    video: { title: 'Signed', team: 'Provenance Team', team_id: owner.teamId, avatar: 'Signed presenter', consent: 'typed' },
    failures: [],
  });
}, 30_000);

test('verify refuses what is not a video, and needs the key', async () => {
  const text = await verify(Buffer.from('not a video at all, just some words'), 'application/octet-stream');
  expect(text.statusCode).toBe(400);
  expect(text.json().code).toBe('unsupported_video_format');
  const json = await t.app.inject({ method: 'POST', url: '/api/v1/verify', headers: { 'x-api-key': key }, payload: { file: 'x' } });
  expect(json.statusCode).toBe(415);
  expect(json.json().code).toBe('unsupported_video_format');
  const anonymous = await t.app.inject({ method: 'POST', url: '/api/v1/verify', headers: { 'content-type': 'video/mp4' }, payload: 'x' });
  expect(anonymous.statusCode).toBe(401);
});
