// A video long enough to be rendered in parts: the parts' jobs, a part that fails retried alone, the progress the
// processing screen shows, one charge and one history entry, and no part left behind.
import { readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { history, usage } from '../src/db/schema';
import { LocalEngine } from '../src/engine/local/local-engine';
import { build, call, eventually, onboardedUser, readyPhotoAvatar, subscribe, type TestApp } from './helper';
import { mediaDir } from './media/fixtures';

let t: TestApp;
let dir: string;
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

test('a part that fails is made again alone; the screen sees the parts made; the video is charged once', async () => {
  dir = mediaDir();
  t = await build({ RENDER_SEGMENT_SECONDS: '4' });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const owner = await onboardedUser(t.app, 'parts@example.com', 'Parts');
  await subscribe(t, owner.token, 'price_studio_month_usd');
  const base = `/api/teams/${owner.teamId}`;
  const get = (url: string) => call(t.app, { url, token: owner.token });
  const post = (url: string, body: unknown) => call(t.app, { method: 'POST', url, token: owner.token, body });

  const avatarId = await readyPhotoAvatar(t.app, owner, 'parts@example.com', dir, 'Parts');

  // The second part's first attempt fails, as when its worker loses its disk.
  const render = LocalEngine.prototype.renderSegment;
  const made: number[] = [];
  let failed = false;
  const spy = jest.spyOn(LocalEngine.prototype, 'renderSegment').mockImplementation(async function (this: LocalEngine, input, range) {
    made.push(range.from);
    if (made.length === 2 && !failed) {
      failed = true;
      throw new Error('the disk went away');
    }
    return render.call(this, input, range);
  });
  try {
    const video = await post(`${base}/videos`, {
      name: 'In parts',
      avatar_id: avatarId,
      language: 'en',
      script: 'Our results are in. They are better than we expected, and we thank every one of you for the work you put in this year.',
    });
    expect(video.status).toBe(202);
    const seen: { done: number; total: number }[] = [];
    const done = await eventually(
      async () => {
        const r = await get(`${base}/videos/${video.body.id}`);
        if (r.body.segments) seen.push(r.body.segments);
        return r;
      },
      (r) => r.body.status !== 'in_progress',
      180_000,
    );
    expect(done.body).toMatchObject({ status: 'ready', segments: null, downloadable: true });

    const total = seen[0]!.total;
    expect(total).toBeGreaterThanOrEqual(2);
    expect(seen.every((step) => step.total === total && step.done <= total)).toBe(true);
    expect(seen.at(-1)!.done).toBeGreaterThan(0);
    // Every part made once, and the one that failed once more.
    const starts = [...new Set(made)];
    expect(starts).toHaveLength(total);
    expect(made).toHaveLength(total + 1);
    expect(made.filter((from) => from === made[1]).length).toBe(2);

    const charges = await t.database.db
      .select()
      .from(usage)
      .where(and(eq(usage.itemId, video.body.id), eq(usage.metric, 'video_seconds')));
    expect(charges.map((charge) => charge.state)).toEqual(['settled']);
    expect(charges[0]!.amount).toBe(Math.ceil(done.body.duration_seconds));
    const entries = await t.database.db
      .select()
      .from(history)
      .where(and(eq(history.teamId, owner.teamId), eq(history.name, 'In parts')));
    expect(entries).toHaveLength(1);
    // The parts and what they were made from are gone; the video, its poster and captions stay.
    expect(readdirSync(join(t.config.dataDir, 'video_output')).sort()).toEqual(
      ['mp4', 'jpg', 'srt', 'vtt'].map((extension) => `${video.body.id}.${extension}`).sort(),
    );
  } finally {
    spy.mockRestore();
  }
}, 600_000);
