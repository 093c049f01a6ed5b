// The watermark follows the plan a video is charged to: Free keeps it; a plan with watermark removal (an app
// plan, or an API plan for API-made videos) renders without it unless the team chose to keep it; a team on
// Free cannot turn it off. Judged on the rendered frames: the top-right corner against the avatar's own loop.
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { avatars } from '../src/db/schema';
import { runFfmpeg } from '../src/media/tools';
import { build, call, eventually, onboardedUser, readyLoopAvatar, subscribe, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build({ WATERMARK: 'true' });
});
afterAll(() => t.close());

const GREY_LOOP = 'color=c=gray:size=320x240:rate=25:duration=2';

/** The top-right quarter of a frame half a second in, both files brought to the loop's size first. */
const corner = async (file: string) =>
  (
    await runFfmpeg([
      '-ss',
      '0.5',
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      'scale=320:240,crop=iw/2:ih/4:iw/2:0',
      '-f',
      'rawvideo',
      '-pix_fmt',
      'gray',
      'pipe:1',
    ])
  ).stdout;

/** The share of pixels that differ clearly (a light mark on grey differs by about 70 levels). */
const changedShare = (a: Buffer, b: Buffer) => {
  let changed = 0;
  expect(a.length).toBe(b.length);
  expect(a.length).toBeGreaterThan(0);
  for (let i = 0; i < a.length; i += 1) if (Math.abs(a[i]! - b[i]!) > 40) changed += 1;
  return changed / a.length;
};

/** Renders a short video for the team (in the app, or with its API key) and returns how much of its corner differs from the loop's. */
async function cornerChange(user: { token: string; teamId: string }, via: 'app' | 'api' = 'app') {
  const avatarId = await readyLoopAvatar(t, user.teamId, 'Grey', GREY_LOOP);
  const body = { avatar_id: avatarId, language: 'en', script: 'Hello there, this is a short test of the corner of the picture.' };
  let videoId: string;
  if (via === 'app') {
    videoId = (
      await call(t.app, { method: 'POST', url: `/api/teams/${user.teamId}/videos`, token: user.token, body: { ...body, name: 'Corner' } })
    ).body.id;
  } else {
    const key = (await call(t.app, { method: 'POST', url: `/api/teams/${user.teamId}/api-key`, token: user.token })).body.api_key as string;
    videoId = (
      await call(t.app, { method: 'POST', url: '/api/v1/videos', headers: { 'x-api-key': key }, body: { ...body, title: 'Corner' } })
    ).body.id;
  }
  const video = await eventually(
    () => call(t.app, { url: `/api/teams/${user.teamId}/videos/${videoId}`, token: user.token }),
    (r) => r.body.status !== 'in_progress',
  );
  expect(video.body.status).toBe('ready');
  const [avatar] = await t.database.db.select({ loop: avatars.loop }).from(avatars).where(eq(avatars.id, avatarId));
  const output = join(t.config.dataDir, 'video_output', `${videoId}.mp4`);
  return changedShare(await corner(join(t.config.dataDir, 'avatar_output', avatar!.loop!)), await corner(output));
}

const settings = (user: { token: string; teamId: string }, body?: unknown) =>
  call(t.app, { method: body ? 'PUT' : 'GET', url: `/api/teams/${user.teamId}`, token: user.token, body });

test('Free renders the watermark and cannot remove it; Creator renders without it, or with it when the team keeps it', async () => {
  const user = await onboardedUser(t.app, 'marked@example.com', 'Marked');
  expect((await settings(user)).body).toMatchObject({ keep_watermark: false, watermark_removal: false });
  expect(await cornerChange(user)).toBeGreaterThan(0.01);

  await subscribe(t, user.token, 'price_creator_month_usd');
  expect((await settings(user)).body).toMatchObject({ keep_watermark: false, watermark_removal: true });
  expect(await cornerChange(user)).toBe(0);

  expect((await settings(user, { keep_watermark: true })).body).toMatchObject({ keep_watermark: true, watermark_removal: true });
  expect(await cornerChange(user)).toBeGreaterThan(0.01);
}, 180_000);

test('an API plan removes the watermark from videos made with the team key', async () => {
  const user = await onboardedUser(t.app, 'api-marked@example.com', 'API Marked');
  await subscribe(t, user.token, 'price_api_starter_month_usd');
  expect(await cornerChange(user, 'api')).toBe(0);
}, 120_000);
