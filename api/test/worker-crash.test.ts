import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq, sql } from 'drizzle-orm';
import { loadConfig } from '../src/config';
import { buildApp } from '../src/app';
import { history, usage, videos } from '../src/db/schema';
import { call, eventually, onboardedUser, openTestDatabase, readyPhotoAvatar } from './helper';
import { mediaDir } from './media/fixtures';

/**
 * Two worker processes on one PostgreSQL database: the one rendering is killed (SIGKILL) in the middle of
 * the render; the other finishes the job, and the video is made and charged exactly once. Needs a real
 * server, so it runs only when TEST_DATABASE_URL names one.
 */
const serverUrl = process.env.TEST_DATABASE_URL;
if (!serverUrl) console.log('worker crash test skipped: it needs PostgreSQL (set TEST_DATABASE_URL)');
// Skipped without PostgreSQL: PGlite cannot be shared by several processes.
const describeWithPostgres = serverUrl ? describe : describe.skip;

/** The one of `workers` that has an ffmpeg running: the worker whose render is in hand. */
function rendering(workers: ChildProcess[]) {
  const parents = new Set<number>();
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // The parent's pid is the 4th field of /proc/<pid>/stat, after the command's name in parentheses.
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (cmdline.includes('ffmpeg')) parents.add(Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]));
    } catch {
      // The process ended while being read.
    }
  }
  return workers.find((worker) => parents.has(worker.pid!));
}

describeWithPostgres('a worker killed mid-render', () => {
  const workers: ChildProcess[] = [];
  let dir: string;

  afterAll(() => {
    for (const worker of workers) worker.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
  });

  const startWorker = (env: Record<string, string>) => {
    const worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
      cwd: join(__dirname, '..'),
      env: { ...process.env, ...env, LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    workers.push(worker);
    return worker;
  };

  test('is retried by another worker, and the video ends ready exactly once; a stopped worker finishes its render first', async () => {
    dir = mediaDir();
    const database = await openTestDatabase();
    // Avatars from the typed statement: the consent clip's checks are consent.test.ts's.
    // Rendered whole (its parts' jobs have a test of their own: parallel-render.test.ts).
    const env = { DATABASE_URL: database.url!, DATA_DIR: join(dir, 'data'), AVATAR_CONSENT: 'text', RENDER_SEGMENT_SECONDS: '0' };
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RUN_WORKER: 'false', ...env });
    const app = await buildApp(config, { database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      startWorker(env);
      startWorker(env);
      const owner = await onboardedUser(app, 'crash@example.com');
      // A photo avatar: made in seconds; the renders are what this test is about.
      const avatarId = await readyPhotoAvatar(app, owner, 'crash@example.com', dir, 'Crash');
      const base = `/api/teams/${owner.teamId}`;

      // About 45 s of speech: a render long enough to be killed in the middle of.
      let script = '';
      while (script.length < 700) script += 'Our team keeps building better tools for everyone who makes videos. ';
      const video = await call(app, {
        method: 'POST',
        url: `${base}/videos`,
        token: owner.token,
        body: { name: 'Survivor', avatar_id: avatarId, language: 'en', script },
      });
      expect(video.status).toBe(202);
      const jobState = async () =>
        (await database.db.execute(sql`select state, retry_count from pgboss.job where name = 'video-render'`)).rows[0] as
          { state: string; retry_count: number } | undefined;
      await eventually(jobState, (job) => job?.state === 'active', 60_000);
      const victim = await eventually(
        () => Promise.resolve(rendering(workers)),
        (worker) => worker !== undefined,
        30_000,
      );
      await new Promise((resolve) => setTimeout(resolve, 1500));
      victim!.kill('SIGKILL');
      await new Promise((resolve) => victim!.once('exit', resolve));
      const survivor = workers.find((worker) => worker !== victim)!;
      expect((await call(app, { url: `${base}/videos/${video.body.id}`, token: owner.token })).body.status).toBe('in_progress');

      const done = await eventually(
        () => call(app, { url: `${base}/videos/${video.body.id}`, token: owner.token }),
        (r) => r.body.status !== 'in_progress',
        150_000,
      );
      expect(done.body).toMatchObject({ status: 'ready', downloadable: true });
      // The video row turns ready a moment before pg-boss marks the job it came from completed.
      const finished = await eventually(jobState, (job) => job?.state === 'completed', 10_000);
      expect(finished!.retry_count).toBeGreaterThanOrEqual(1);
      const made = await database.db
        .select()
        .from(history)
        .where(and(eq(history.teamId, owner.teamId), eq(history.type, 'video_generation')));
      expect(made).toHaveLength(1);
      const rows = await database.db.select().from(videos).where(eq(videos.id, video.body.id));
      expect(rows[0]!.status).toBe('ready');
      const charges = await database.db
        .select()
        .from(usage)
        .where(and(eq(usage.itemId, video.body.id), eq(usage.metric, 'video_seconds')));
      expect(charges.map((charge) => charge.state)).toEqual(['settled']);
      console.log(
        `fault: one of two workers SIGKILLed mid-render; the other retried the job (retry ${finished!.retry_count}), the video ended ready once, charged once (${charges[0]!.amount} s)`,
      );

      // A worker told to stop (SIGTERM, as `docker compose stop` does) finishes the render in hand, then exits.
      const short = await call(app, {
        method: 'POST',
        url: `${base}/videos`,
        token: owner.token,
        body: { name: 'Finished', avatar_id: avatarId, language: 'en', script: script.slice(0, 400) },
      });
      const shortJob = async () =>
        (
          await database.db.execute(
            sql`select state, retry_count from pgboss.job where name = 'video-render' and data->>'videoId' = ${short.body.id}`,
          )
        ).rows[0] as { state: string; retry_count: number } | undefined;
      await eventually(shortJob, (job) => job?.state === 'active', 60_000);
      const exited = new Promise<number | null>((resolve) => survivor.once('exit', resolve));
      survivor.kill('SIGTERM');
      expect(await exited).toBe(0);
      expect((await call(app, { url: `${base}/videos/${short.body.id}`, token: owner.token })).body.status).toBe('ready');
      expect(await shortJob()).toMatchObject({ state: 'completed', retry_count: 0 });
    } finally {
      await app.close();
      await database.close();
    }
  }, 300_000);
});
