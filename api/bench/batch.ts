// `pnpm bench:batch`: a batch of BENCH_BATCH_ROWS (20) personalised videos of a one-scene template speaking about
// 15 seconds, at 720p, made by 1 and then by 2 generation workers (src/worker.ts, each held to one core with taskset,
// as workers on hosts of their own) sharing one PostgreSQL database (BENCH_DATABASE_URL, or TEST_DATABASE_URL, or the
// local server); the API process runs no jobs. It prints videos per minute of each and the ratio.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build, call, eventually, onboardedUser, readyPhotoAvatar, subscribe } from '../test/helper';

const ROWS = Number(process.env.BENCH_BATCH_ROWS ?? 20);
const DATABASE = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SCRIPT =
  'Hi {{first_name}}, welcome to {{company}}. This short video walks you through your first week with us, ' +
  'from setting up your account to meeting the team, and where to ask when you are stuck. ' +
  'We are glad you are here, {{first_name}}, and we look forward to working with you.';
const PEOPLE = ['Ada', 'Grace', 'Alan', 'Barbara', 'Edsger', 'Katherine', 'Donald', 'Frances', 'Tim', 'Radia'];

async function main() {
  process.env.TEST_DATABASE_URL = DATABASE;
  const t = await build({ RUN_WORKER: 'false', WATERMARK: 'false', LOG_LEVEL: 'silent' });
  const workers: ChildProcess[] = [];
  const startWorker = (core: number) => {
    const worker = spawn('taskset', ['-c', String(core), process.execPath, '--import', 'tsx', join(__dirname, '../src/worker.ts')], {
      env: {
        ...process.env,
        DATABASE_URL: t.database.url!,
        DATA_DIR: t.config.dataDir,
        WATERMARK: 'false',
        LOG_LEVEL: 'warn',
        AVATAR_CONSENT: 'text',
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    workers.push(worker);
  };
  try {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const owner = await onboardedUser(t.app, 'bench-batch@example.com', 'Bench batch');
    await subscribe(t, owner.token, 'price_studio_month_usd');
    const base = `/api/teams/${owner.teamId}`;
    startWorker(0);
    const avatarId = await readyPhotoAvatar(
      t.app,
      owner,
      'bench-batch@example.com',
      mkdtempSync(join(tmpdir(), 'kagami-bench-batch-')),
      'Presenter',
    );
    const template = await call(t.app, {
      method: 'POST',
      url: `${base}/templates`,
      token: owner.token,
      body: { name: 'Welcome', language: 'en', avatar_id: avatarId, script: SCRIPT, resolution: '720p' },
    });
    const rows = Array.from({ length: ROWS }, (_, index) => ({
      variables: { first_name: PEOPLE[index % PEOPLE.length]!, company: `Company ${index + 1}` },
    }));
    const results: { workers: number; wall: number; seconds: number }[] = [];
    for (const count of [1, 2]) {
      if (count === 2) startWorker(1);
      const started = performance.now();
      const batch = await call(t.app, {
        method: 'POST',
        url: `${base}/templates/${template.body.id}/batches`,
        token: owner.token,
        body: { rows },
      });
      if (batch.status !== 202) throw new Error(`the batch was refused: ${JSON.stringify(batch.body)}`);
      const done = await eventually(
        () => call(t.app, { url: `${base}/batches/${batch.body.id}`, token: owner.token }),
        (r) => r.body.status !== 'in_progress',
        3_600_000,
      );
      const wall = (performance.now() - started) / 1000;
      if (done.body.counts.ready !== ROWS) throw new Error(`the batch ended ${done.body.status}: ${JSON.stringify(done.body.counts)}`);
      const list = await call(t.app, { url: `${base}/videos?page=1&page_size=100`, token: owner.token });
      const made = (list.body.items as { batch_id: string | null; duration_seconds: number }[]).filter(
        (video) => video.batch_id === batch.body.id,
      );
      results.push({ workers: count, wall, seconds: made.reduce((sum, video) => sum + video.duration_seconds, 0) });
    }
    console.log(
      `\n${ROWS} videos of a one-scene template (~${Math.round(results[0]!.seconds / ROWS)} s each, 720p), workers held to one core each:`,
    );
    console.log('workers   wall s   videos/min   video s per wall s');
    for (const run of results)
      console.log(
        `${String(run.workers).padStart(7)}   ${run.wall.toFixed(1).padStart(6)}   ${((ROWS / run.wall) * 60).toFixed(2).padStart(10)}   ${(run.seconds / run.wall).toFixed(2).padStart(18)}`,
      );
    console.log(`2 workers / 1 worker: ${(results[0]!.wall / results[1]!.wall).toFixed(2)}x the videos per minute`);
  } finally {
    for (const worker of workers) worker.kill('SIGTERM');
    await t.close();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
