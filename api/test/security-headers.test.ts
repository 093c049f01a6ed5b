// Headers: helmet on every answer (a CSP without inline script or eval, nosniff, no framing), stored
// files served as media with a Content-Disposition, and another team's file unreachable by a guessed path.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { videos } from '../src/db/schema';
import { build, call, onboardedUser, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build({ RUN_WORKER: 'false' });
});
afterAll(() => t.close());

test('every answer carries the security headers; the CSP allows no inline script and no eval', async () => {
  // A page, a JSON answer, a 404, and an answer tus writes itself (an upload without its length).
  const { token } = await onboardedUser(t.app, 'headers@example.com');
  const answers = [
    ...['/api/health', '/api/v1/docs', '/api/billing/checkout/nope', '/api/nowhere'].map((url) => ({ method: 'GET' as const, url })),
    { method: 'POST' as const, url: '/api/uploads', headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0' } },
  ];
  for (const answer of answers) {
    const { headers } = await t.app.inject(answer);
    expect(headers['x-content-type-options']).toBe('nosniff');
    const csp = String(headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain('form-action');
  }
});

test("a stored file is served as media with a disposition; another team's file is not found by its name", async () => {
  const owner = await onboardedUser(t.app, 'files-owner@example.com');
  const stranger = await onboardedUser(t.app, 'files-stranger@example.com');
  const [video] = await t.database.db
    .insert(videos)
    .values({ teamId: owner.teamId, name: 'Mine', language: 'en', status: 'ready', output: 'mine.mp4' })
    .returning();
  writeFileSync(join(t.config.dataDir, 'video_output', 'mine.mp4'), 'video bytes');
  expect(video).toBeDefined();

  const mine = await call(t.app, { url: '/assets/data/video_output/mine.mp4', token: owner.token });
  expect(mine.status).toBe(302);
  const file = await t.app.inject({ url: mine.headers.location as string });
  expect(file.statusCode).toBe(200);
  expect(file.headers['content-disposition']).toBe("inline; filename*=UTF-8''mine.mp4");
  expect(file.headers['content-type']).toBe('video/mp4');
  expect(file.headers['x-content-type-options']).toBe('nosniff');

  expect((await call(t.app, { url: '/assets/data/video_output/mine.mp4', token: stranger.token })).status).toBe(404);
  // The signed address without (or with a made-up) signature opens nothing, whoever asks.
  expect((await t.app.inject({ url: '/assets/signed/video_output/mine.mp4' })).statusCode).toBe(400);
  expect((await t.app.inject({ url: '/assets/signed/video_output/mine.mp4?expires=9999999999&sig=guess' })).statusCode).toBe(403);
  expect((await t.app.inject({ url: '/assets/signed/video_output/..%2F..%2Fdb.lock?expires=9999999999&sig=guess' })).statusCode).toBe(400);
});
