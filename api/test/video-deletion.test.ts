// A video deleted while it renders leaves nothing behind: the render finishes, finds the video gone, and removes what
// it made (the video, its poster and its captions).
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { build, call, eventually, onboardedUser, readyLoopAvatar, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build({ WATERMARK: 'false' });
});
afterAll(() => t.close());

const renderJob = async (videoId: string) =>
  (
    (await t.database.db.execute(sql`select state from pgboss.job where name = 'video-render' and data->>'videoId' = ${videoId}`))
      .rows[0] as { state: string } | undefined
  )?.state;

test('a video deleted while it renders leaves no file of it once the render ends', async () => {
  const user = await onboardedUser(t.app, 'deleted-midway@example.com', 'Midway');
  const avatarId = await readyLoopAvatar(t, user.teamId, 'Midway presenter');
  const script = Array.from({ length: 4 }, () => 'This sentence is spoken while the video is deleted from under its render.').join(' ');
  const created = await call(t.app, {
    method: 'POST',
    url: `/api/teams/${user.teamId}/videos`,
    token: user.token,
    body: { name: 'Midway', avatar_id: avatarId, language: 'en', script, subtitles: true },
  });
  expect(created.status).toBe(202);
  const videoId = created.body.id as string;

  expect(
    await eventually(
      () => renderJob(videoId),
      (state) => state !== 'created',
      60_000,
    ),
  ).toBe('active');
  expect((await call(t.app, { method: 'DELETE', url: `/api/teams/${user.teamId}/videos/${videoId}`, token: user.token })).status).toBe(204);

  expect(
    await eventually(
      () => renderJob(videoId),
      (state) => state !== 'active',
      120_000,
    ),
  ).toBe('completed');
  expect(readdirSync(join(t.config.dataDir, 'video_output')).filter((file) => file.startsWith(videoId))).toEqual([]);
}, 240_000);
