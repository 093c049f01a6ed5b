import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { usage, videos } from '../src/db/schema';
import { probeMedia } from '../src/media/probe';
import { call, eventually, onboardedUser, openTestDatabase, readyLoopAvatar, subscribe } from './helper';
import { fakeReplicate } from './lipsync/fake-replicate';
import { mediaDir } from './media/fixtures';

/**
 * A worker killed while Replicate runs its prediction: the prediction's id was stored when it was created, so the
 * worker that takes the job over follows the same prediction instead of paying for a second; the video ends ready
 * once, with the provider's frames, and records the engine, the id and the seconds billed. The fake Replicate fetches
 * the loop and the speech from the API's signed links (PUBLIC_API_URL) as the real one does. Needs PostgreSQL
 * (several processes share the database).
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.log('lip-sync resume test skipped: it needs PostgreSQL (set TEST_DATABASE_URL)');
const describeWithPostgres = serverUrl ? describe : describe.skip;

describeWithPostgres('a lip-sync prediction outlives the worker that created it', () => {
  const workers: ChildProcess[] = [];
  let dir: string;
  let fake: Awaited<ReturnType<typeof fakeReplicate>> | undefined;

  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await fake?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('the next worker resumes the same prediction: created once, charged once, the provider named on the video', async () => {
    dir = mediaDir();
    fake = await fakeReplicate(dir, 42);

    const database = await openTestDatabase();
    const env = { DATABASE_URL: database.url!, DATA_DIR: join(dir, 'data') };
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RUN_WORKER: 'false', ...env });
    const app = await buildApp(config, { database });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const workerEnv = {
      ...env,
      PUBLIC_API_URL: address,
      LIPSYNC_ENGINE: 'replicate',
      LIPSYNC_URL: fake.url,
      LIPSYNC_KEY: 'r8_test',
      LIPSYNC_FALLBACK: 'false',
    };
    const startWorker = () => {
      const worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
        cwd: join(__dirname, '..'),
        env: { ...process.env, ...workerEnv, LOG_LEVEL: 'warn' },
        stdio: ['ignore', 'ignore', 'inherit'],
      });
      workers.push(worker);
      return worker;
    };
    try {
      const owner = await onboardedUser(app, 'resume@example.com');
      const t = { app, config, database, close: async () => undefined };
      await subscribe(t, owner.token, 'price_creator_month_usd');
      const avatarId = await readyLoopAvatar(t, owner.teamId);
      const first = startWorker();
      const base = `/api/teams/${owner.teamId}`;
      const video = await call(app, {
        method: 'POST',
        url: `${base}/videos`,
        token: owner.token,
        body: { name: 'Neural', avatar_id: avatarId, language: 'en', script: 'Hello from a model on a GPU far away.' },
      });
      expect(video.status).toBe(202);
      const row = async () => (await database.db.select().from(videos).where(eq(videos.id, video.body.id)))[0]!;
      await eventually(row, (r) => r.lipsyncJobId === 'p1', 90_000);
      await eventually(
        () => Promise.resolve(fake!.seen.polls),
        (n) => n >= 1,
        30_000,
      );
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      const pollsBefore = fake.seen.polls;
      startWorker();
      // The new worker takes the job over (once the dead one's heartbeat is missed) and polls the same prediction.
      await eventually(
        () => Promise.resolve(fake!.seen.polls),
        (n) => n > pollsBefore,
        120_000,
      );
      fake.seen.done = true;
      const ready = await eventually(
        () => call(app, { url: `${base}/videos/${video.body.id}`, token: owner.token }),
        (r) => r.body.status !== 'in_progress',
        60_000,
      );
      expect(ready.body).toMatchObject({ status: 'ready', engine: 'replicate' });
      expect(fake.seen.creates).toHaveLength(1);
      expect(fake.seen.videoTypes).toEqual(['video/mp4']);
      expect(await row()).toMatchObject({ lipsyncEngine: 'replicate', lipsyncJobId: 'p1', lipsyncSeconds: 42 });
      const charges = await database.db
        .select()
        .from(usage)
        .where(and(eq(usage.itemId, video.body.id), eq(usage.metric, 'video_seconds')));
      expect(charges.map((charge) => charge.state)).toEqual(['settled']);
      const file = join(env.DATA_DIR, 'video_output', `${video.body.id}.mp4`);
      expect(await probeMedia(file)).toMatchObject({ video: { codec: 'h264' }, audio: { codec: 'aac' } });
    } finally {
      await app.close();
      await database.close();
    }
  }, 300_000);
});
