import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { usage, videos } from '../src/db/schema';
import { probeMedia } from '../src/media/probe';
import { call, eventually, onboardedUser, openTestDatabase, readyLoopAvatar } from './helper';
import { lavfiClip, mediaDir } from './media/fixtures';

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
  let fake: Server;

  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    fake?.closeAllConnections();
    await new Promise((resolve) => (fake ? fake.close(resolve) : resolve(null)));
    rmSync(dir, { recursive: true, force: true });
  });

  test('the next worker resumes the same prediction: created once, charged once, the provider named on the video', async () => {
    dir = mediaDir();
    const creates: unknown[] = [];
    let polls = 0;
    let done = false;
    let output: Buffer | null = null;
    fake = createServer((req, res) => {
      void (async () => {
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        if (req.method === 'POST' && req.url === '/v1/models/bytedance/latentsync/predictions') {
          const { input } = JSON.parse(Buffer.concat(chunks).toString()) as { input: { video: string; audio: string } };
          creates.push(input);
          // As a model would: fetch both inputs, and answer with a video as long as the speech (magenta frames).
          const speech = join(dir, 'fetched.wav');
          writeFileSync(speech, Buffer.from(await (await fetch(input.audio)).arrayBuffer()));
          expect((await fetch(input.video)).headers.get('content-type')).toBe('video/mp4');
          const seconds = (await probeMedia(speech))!.durationSeconds!;
          const file = join(dir, 'p1.mp4');
          await lavfiClip(file, `color=c=magenta:s=320x240:r=25:d=${seconds.toFixed(3)}`);
          output = readFileSync(file);
          return res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'p1', status: 'starting' }));
        }
        if (req.method === 'GET' && req.url === '/v1/predictions/p1') {
          polls += 1;
          const body = done
            ? {
                id: 'p1',
                status: 'succeeded',
                output: `http://127.0.0.1:${(fake.address() as AddressInfo).port}/out/p1.mp4`,
                metrics: { predict_time: 42 },
              }
            : { id: 'p1', status: 'processing', output: null };
          return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        }
        if (req.url === '/out/p1.mp4' && output) return res.writeHead(200, { 'content-type': 'video/mp4' }).end(output);
        res.writeHead(404).end();
      })().catch((error: Error) => res.writeHead(500).end(error.message));
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));

    const database = await openTestDatabase();
    const env = { DATABASE_URL: database.url!, DATA_DIR: join(dir, 'data') };
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RUN_WORKER: 'false', ...env });
    const app = await buildApp(config, { database });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const workerEnv = {
      ...env,
      PUBLIC_API_URL: address,
      LIPSYNC_ENGINE: 'replicate',
      LIPSYNC_URL: `http://127.0.0.1:${(fake.address() as AddressInfo).port}`,
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
      const avatarId = await readyLoopAvatar({ app, config, database, close: async () => undefined }, owner.teamId);
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
        () => Promise.resolve(polls),
        (n) => n >= 1,
        30_000,
      );
      first.kill('SIGKILL');
      await new Promise((resolve) => first.once('exit', resolve));
      const pollsBefore = polls;
      startWorker();
      // The new worker takes the job over (once the dead one's heartbeat is missed) and polls the same prediction.
      await eventually(
        () => Promise.resolve(polls),
        (n) => n > pollsBefore,
        120_000,
      );
      done = true;
      const ready = await eventually(
        () => call(app, { url: `${base}/videos/${video.body.id}`, token: owner.token }),
        (r) => r.body.status !== 'in_progress',
        60_000,
      );
      expect(ready.body).toMatchObject({ status: 'ready', engine: 'replicate' });
      expect(creates).toHaveLength(1);
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
