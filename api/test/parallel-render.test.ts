// A long script rendered in parts by two worker processes on one PostgreSQL: one video, as many frames as its sound
// lasts, and no seam a viewer could see at the joins (the whole picture and the mouth). That the joined sound is the
// sound of the render made whole is media/segments.test.ts's. The parts are 20 s (60 in a deployment), so that three
// of them, as in a three-minute video, take a minute of speech to render.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { VIDEO_FPS } from '../src/engine/video-format';
import { countVideoFrames } from '../src/media/probe';
import { build, call, eventually, onboardedUser, readyPhotoAvatar, subscribe, type TestApp } from './helper';
import { mediaDir } from './media/fixtures';
import { decodedAudio, grayFrames, mouthBoxOf, seamsOf } from './media/seams';

// PGlite cannot be shared by several processes: this needs a PostgreSQL server.
const describeWithPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

const SENTENCES = [
  'Welcome to the quarterly review of our studio.',
  'We shipped three new features, and our customers noticed every one of them.',
  'Support answered questions faster than ever before.',
  'Next quarter, we will bring the studio to phones and to many more languages.',
  'Thank you for your hard work, and see you at the next review.',
];

const PART_SECONDS = 20;

/** The JSON lines a worker logged. */
type LogLine = { msg?: string; videoId?: string; cuts?: number[] };

describeWithPostgres('a long video rendered in parts by two workers', () => {
  const workers: { process: ChildProcess; lines: LogLine[] }[] = [];
  let t: TestApp;
  let dir: string;

  afterAll(async () => {
    for (const worker of workers) worker.process.kill('SIGKILL');
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  test('one video, a frame for every 40 ms of its sound, no seam at the joins', async () => {
    dir = mediaDir();
    t = await build({ RUN_WORKER: 'false', RENDER_SEGMENT_SECONDS: String(PART_SECONDS) });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    for (let n = 0; n < 2; n += 1) {
      const worker = spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
        cwd: join(__dirname, '..'),
        env: {
          ...process.env,
          DATABASE_URL: t.database.url!,
          DATA_DIR: t.config.dataDir,
          RENDER_SEGMENT_SECONDS: String(PART_SECONDS),
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      const lines: LogLine[] = [];
      let rest = '';
      worker.stdout!.on('data', (chunk: Buffer) => {
        const text = rest + chunk.toString();
        const complete = text.split('\n');
        rest = complete.pop()!;
        for (const line of complete) if (line.startsWith('{')) lines.push(JSON.parse(line) as LogLine);
      });
      workers.push({ process: worker, lines });
    }

    const owner = await onboardedUser(t.app, 'parallel@example.com', 'Parallel');
    await subscribe(t, owner.token, 'price_studio_month_usd');
    const base = `/api/teams/${owner.teamId}`;
    const get = (url: string) => call(t.app, { url, token: owner.token });
    const post = (url: string, body: unknown) => call(t.app, { method: 'POST', url, token: owner.token, body });
    const avatarId = await readyPhotoAvatar(t.app, owner, 'parallel@example.com', dir, 'Presenter');

    // About a minute of speech: three parts.
    let script = '';
    for (let n = 0; script.length < 970; n += 1) script += `${SENTENCES[n % SENTENCES.length]} `;
    const started = Date.now();
    const video = await post(`${base}/videos`, { name: 'Quarterly review', avatar_id: avatarId, language: 'en', script });
    expect(video.status).toBe(202);
    const done = await eventually(
      () => get(`${base}/videos/${video.body.id}`),
      (r) => r.body.status !== 'in_progress',
      450_000,
    );
    expect(done.body).toMatchObject({ status: 'ready', reason: null });
    const seconds = (Date.now() - started) / 1000;

    const planned = workers.flatMap((worker) => worker.lines).find((line) => line.msg === 'video rendered in parts');
    const cuts = planned!.cuts!;
    expect(cuts.length - 1).toBe(3);
    // Both workers made parts.
    const partsBy = workers.map((worker) => worker.lines.filter((line) => line.msg?.startsWith('video-segment finished')).length);
    expect(partsBy.every((count) => count > 0)).toBe(true);

    const file = join(t.config.dataDir, 'video_output', `${video.body.id}.mp4`);
    const audioSeconds = (await decodedAudio(file)).length / 2 / 48_000;
    expect(audioSeconds).toBeGreaterThan(2.5 * PART_SECONDS);
    const frames = await countVideoFrames(file);
    expect(Math.abs(frames - audioSeconds * VIDEO_FPS)).toBeLessThanOrEqual(1);

    const mouth = mouthBoxOf(join(t.config.dataDir, 'avatar_output', `${avatarId}-face.bin`));
    const joins = cuts.slice(1, -1);
    for (const region of [{ width: 160, height: 160 }, { crop: mouth }]) {
      const seams = seamsOf(await grayFrames(file, region), joins);
      for (const step of seams.atJoins) expect(step).toBeLessThanOrEqual(seams.largestElsewhere);
    }
    console.log(
      `parallel render: ${audioSeconds.toFixed(1)} s of video in ${cuts.length - 1} parts (${partsBy.join(' + ')} by the two workers), ready in ${seconds.toFixed(0)} s`,
    );
  }, 750_000);
});
