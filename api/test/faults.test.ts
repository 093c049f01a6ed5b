// Faults on PostgreSQL (an API process and a worker process sharing one database): the database drops
// every connection in the middle of a render (as a restart does), and the disk is full when the video is
// written, and the API process is killed (SIGKILL) in the middle of an upload. Each case prints what it
// checked. A worker killed mid-render: worker-crash.test.ts.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, lstatSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connectDatabase } from '../src/db/connect';
import { usage, videos } from '../src/db/schema';
import { call, eventually, onboardedUser, openTestDatabase, readyLoopAvatar, subscribe, tusMetadata, type TestApp } from './helper';
import { mediaDir, tone } from './media/fixtures';
import { privatePostgres, type PrivatePostgres } from './private-postgres';

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The API as its own process on the suite's database and data folder; resolves once it answers. */
async function apiProcess(databaseUrl: string, dataDir: string, port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(__dirname, '..'),
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(port),
      RUN_WORKER: 'false',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'test',
    },
    stdio: 'ignore',
  });
  for (let i = 0; i < 300; i++) {
    if (
      await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('the API process did not start');
}

const serverUrl = process.env.TEST_DATABASE_URL;
const describeWithPostgres = serverUrl ? describe : describe.skip;
if (!serverUrl) console.log('fault tests skipped: they need PostgreSQL (set TEST_DATABASE_URL)');

/** An API and a worker (each with its own connections) on a fresh database of the server `serverUrl` names, and a team ready to render. */
async function faultRig(serverUrl: string) {
  const database = await openTestDatabase(serverUrl);
  const env = { NODE_ENV: 'test', LOG_LEVEL: 'silent', WATERMARK: 'false', RATE_LIMIT_MAX: '100000' } as const;
  // Where the jobs make their files: a folder the tests can look into.
  const workDir = mkdtempSync(join(tmpdir(), 'kagami-faults-work-'));
  const config = loadConfig({
    ...env,
    WORK_DIR: workDir,
    RUN_WORKER: 'false',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'kagami-faults-')),
    DATABASE_URL: database.url!,
  });
  const api: TestApp = { app: await buildApp(config, { database }), config, database, close: async () => undefined };
  const workerDatabase = await connectDatabase({ databaseUrl: database.url!, dataDir: null });
  const worker = await buildApp({ ...config, runWorker: true }, { database: workerDatabase });
  const owner = await onboardedUser(api.app, 'faults@example.com');
  await subscribe(api, owner.token, 'price_studio_month_usd');
  const team = { token: owner.token, teamId: owner.teamId, avatarId: await readyLoopAvatar(api, owner.teamId) };

  const createVideo = async (name: string, script: string) => {
    const created = await call(api.app, {
      method: 'POST',
      url: `/api/teams/${team.teamId}/videos`,
      token: team.token,
      body: { name, avatar_id: team.avatarId, language: 'en', script },
    });
    expect(created.status).toBe(202);
    return created.body.id as string;
  };
  const videoRow = async (id: string) => (await database.db.select().from(videos).where(eq(videos.id, id)))[0]!;
  // The suite's own connections are cut too: a read that meets a cut connection is made again.
  const finished = (id: string) =>
    eventually(
      () => videoRow(id).catch(() => null),
      (row) => row !== null && row.status !== 'in_progress',
      120_000,
    );
  const charges = (id: string) =>
    database.db
      .select()
      .from(usage)
      .where(and(eq(usage.itemId, id), eq(usage.metric, 'video_seconds')));
  const close = async () => {
    await worker.close();
    await workerDatabase.close();
    await api.app.close();
    await database.close();
  };
  return { api, team, workDir, createVideo, finished, charges, close };
}

/** Long enough that the render is still running when the fault comes. */
const longScript = 'A longer line, so that the render is still running when the database goes away. '.repeat(6);

describeWithPostgres('faults', () => {
  let rig: Awaited<ReturnType<typeof faultRig>>;
  beforeAll(async () => {
    rig = await faultRig(serverUrl!);
  }, 60_000);
  afterAll(() => rig?.close());

  test('the database drops every connection mid-render: the job is retried and the video is ready once, charged once', async () => {
    const { api, createVideo, finished, charges } = rig;
    const id = await createVideo('Through a connection cut', longScript);
    // What a restart looks like to the processes: every connection to the database is cut.
    await new Promise((resolve) => setTimeout(resolve, 700));
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    const database = new URL(api.database.url!).pathname.slice(1);
    const cut = await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [
      database,
    ]);
    await admin.end();
    const done = await finished(id);
    expect(done).toMatchObject({ status: 'ready' });
    const rows = await charges(id);
    expect(rows.map((r) => r.state)).toEqual(['settled']);
    expect(existsSync(join(api.config.dataDir, 'video_output', `${id}.mp4`))).toBe(true);
    console.log(`fault: ${cut.rowCount} connections cut mid-render; the video ended ready once, charged once (${rows[0]!.amount} s)`);
  }, 180_000);

  test('the disk is full when the video is written: a clear reason, the quota given back, no half-written file', async () => {
    const { api, team, workDir, createVideo, finished, charges } = rig;
    const id = await createVideo('Nowhere to write', 'This one cannot be written.');
    // The render makes its files in a job folder of its own: there, the video's path leads to /dev/full, where every
    // write fails with "No space left on device". Looked for often: the speech is made first, a moment to place it.
    let job: string | undefined;
    for (const deadline = Date.now() + 30_000; !job && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 5))) {
      job = readdirSync(workDir).find((name) => name.startsWith('kagami-job-'));
    }
    const output = join(workDir, job!, `${id}.mp4`);
    symlinkSync('/dev/full', output);
    const done = await finished(id);
    expect(done).toMatchObject({ status: 'failed', reason: 'storage_full' });
    expect((await charges(id)).map((r) => r.state)).toEqual(['refunded']);
    expect(() => lstatSync(output)).toThrow();
    expect(existsSync(join(api.config.dataDir, 'video_output', `${id}.mp4`))).toBe(false);
    const listed = await call(api.app, { url: `/api/teams/${team.teamId}/videos/${id}`, token: team.token });
    expect(listed.body).toMatchObject({ status: 'failed', reason: 'storage_full' });
    console.log('fault: disk full while writing the video; it failed with storage_full, the quota was refunded, no file is left');
  }, 180_000);

  test('the API is killed (SIGKILL) mid-upload: a new process continues it, and the file is byte-identical', async () => {
    const { api, team } = rig;
    const audio = readFileSync(await tone(mediaDir(), 60, 'killed.wav'));
    const port = 3291;
    let server = await apiProcess(api.database.url!, api.config.dataDir, port);
    const headers = { authorization: `Bearer ${team.token}`, 'tus-resumable': '1.0.0' };
    const metadata = tusMetadata({ team_id: team.teamId, purpose: 'voice_audio' });
    const created = await fetch(`http://127.0.0.1:${port}/api/uploads`, {
      method: 'POST',
      headers: { ...headers, 'upload-length': String(audio.length), 'upload-metadata': metadata },
    });
    const path = new URL(created.headers.get('location')!).pathname;
    // Half the bytes go out slowly; the process dies while they are arriving.
    const sending = httpRequest({
      host: '127.0.0.1',
      port,
      path,
      method: 'PATCH',
      headers: { ...headers, 'upload-offset': '0', 'content-type': 'application/offset+octet-stream' },
    });
    sending.on('error', () => undefined);
    const half = Math.floor(audio.length / 2);
    for (let at = 0; at < half; at += 64 * 1024) {
      sending.write(audio.subarray(at, Math.min(half, at + 64 * 1024)));
      await new Promise((r) => setTimeout(r, 5));
    }
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));

    server = await apiProcess(api.database.url!, api.config.dataDir, port);
    try {
      const head = await fetch(`http://127.0.0.1:${port}${path}`, { method: 'HEAD', headers });
      const offset = Number(head.headers.get('upload-offset'));
      expect(offset).toBeGreaterThan(0);
      expect(offset).toBeLessThanOrEqual(half);
      const rest = await fetch(`http://127.0.0.1:${port}${path}`, {
        method: 'PATCH',
        headers: { ...headers, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        body: audio.subarray(offset),
      });
      expect(rest.status).toBe(204);
      const stored = readFileSync(join(api.config.dataDir, 'uploads', path.split('/').pop()!));
      expect(sha(stored)).toBe(sha(audio));
      console.log(`fault: the API killed after ${offset} of ${audio.length} bytes arrived; a new process took the rest, byte-identical`);
    } finally {
      server.kill('SIGKILL');
    }
  }, 180_000);
});

// A server of the suite's own (privatePostgres), so the machine's shared server is never restarted.
describeWithPostgres('a real PostgreSQL restart', () => {
  let server: PrivatePostgres | null = null;
  beforeAll(async () => {
    server = await privatePostgres();
    if (!server) console.log('PostgreSQL restart test skipped: the server programs (initdb, pg_ctl) are not installed');
  });
  afterAll(() => server?.remove());

  test('the server restarts mid-render: the job is retried and the video is ready once, charged once', async () => {
    if (!server) return;
    const restarted = server;
    const rig = await faultRig(restarted.url);
    try {
      const id = await rig.createVideo('Through a restart', longScript);
      await new Promise((resolve) => setTimeout(resolve, 700));
      restarted.stop();
      const downFor = 3_000;
      // Meanwhile the API answers that it cannot reach its database, and asks to be called again.
      const whileDown = await call(rig.api.app, { url: `/api/teams/${rig.team.teamId}/videos/${id}`, token: rig.team.token });
      expect(whileDown).toMatchObject({ status: 503, body: { code: 'database_unavailable' } });
      expect(whileDown.headers['retry-after']).toBe('5');
      await new Promise((resolve) => setTimeout(resolve, downFor));
      restarted.start();
      const done = await rig.finished(id);
      expect(done).toMatchObject({ status: 'ready' });
      const rows = await rig.charges(id);
      expect(rows.map((r) => r.state)).toEqual(['settled']);
      expect(existsSync(join(rig.api.config.dataDir, 'video_output', `${id}.mp4`))).toBe(true);
      const listed = await call(rig.api.app, { url: `/api/teams/${rig.team.teamId}/videos/${id}`, token: rig.team.token });
      expect(listed.body).toMatchObject({ status: 'ready' });
      console.log(
        `fault: PostgreSQL stopped mid-render for ${downFor / 1000} s and started again (meanwhile the API answered 503 database_unavailable); the video ended ready once, charged once`,
      );
    } finally {
      await rig.close();
    }
  }, 240_000);
});
