// A video of scenes rendered as part jobs by two part workers: each scene its own job, a scene that fails once made
// again alone, the processing screen counting the scenes made, a fade that mixes both scenes on the output's pixels,
// a cut copied as it was rendered, a length that adds up to the frame with sound throughout, and a video deleted while
// its scenes render leaving no scene file behind.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { PartRange, RenderInput } from '../src/engine';
import type { VoiceOverInput } from '../src/engine/generation-engine';
import { LocalEngine } from '../src/engine/local/local-engine';
import { VIDEO_FPS } from '../src/engine/video-format';
import { countVideoFrames, probeMedia } from '../src/media/probe';
import { runFfmpeg } from '../src/media/tools';
import { build, call, eventually, onboardedUser, readyLoopAvatar, type TestApp } from './helper';

let t: TestApp;
const owner = { token: '', teamId: '' };
let red = '';
let blue = '';

beforeAll(async () => {
  t = await build({ WATERMARK: 'false', RENDER_PART_WORKERS: '2' });
  Object.assign(owner, await onboardedUser(t.app, 'scene-parts@example.com', 'Scene Parts'));
  red = await readyLoopAvatar(t, owner.teamId, 'Red', 'color=c=0xFF0000:size=320x240:rate=25:duration=2');
  blue = await readyLoopAvatar(t, owner.teamId, 'Blue', 'color=c=0x0000FF:size=320x240:rate=25:duration=2');
}, 60_000);
afterAll(() => t.close());

const videosUrl = () => `/api/teams/${owner.teamId}/videos`;

/** Three scenes at 720x720: red footage, blue footage faded in over it, then a cut to a green voice-over. */
const threeScenes = (name: string) => ({
  name,
  avatar_id: red,
  language: 'en',
  aspect_ratio: '1:1',
  scenes: [
    { avatar_id: red, script: 'Welcome to the review.' },
    { avatar_id: blue, script: 'Here are the numbers.', transition: { type: 'fade', seconds: 0.6 } },
    {
      avatar_id: null,
      voice_id: 'builtin-en-james',
      script: 'Thank you.',
      background: { type: 'color', value: '#00FF00' },
      transition: { type: 'cut' },
    },
  ],
});

async function pixelAt(file: string, seconds: number) {
  const { stdout } = await runFfmpeg([
    ...['-ss', seconds.toFixed(3), '-i', file, '-frames:v', '1'],
    ...['-vf', 'crop=2:2:100:100', '-f', 'rawvideo', '-pix_fmt', 'rgb24', 'pipe:1'],
  ]);
  const [r, g, b] = [...stdout];
  return { r: r!, g: g!, b: b! };
}

const partJobs = async (videoId: string) =>
  (
    await t.database.db.execute(
      sql`select state, (data->>'index')::int as index from pgboss.job where name = 'video-segment' and data->>'videoId' = ${videoId}`,
    )
  ).rows as { state: string; index: number }[];

test('each scene a part job on two workers, a failed scene made again alone, a fade that mixes both, a length that adds up', async () => {
  const calls: { part: string; started: number; ended: number }[] = [];
  let failed = false;
  let held = false;
  const track = async <T>(output: string, render: () => Promise<T>) => {
    const part = /-part-(\d+)-/.exec(output)![1]!;
    const call = { part, started: Date.now(), ended: 0 };
    calls.push(call);
    try {
      // The second scene's first attempt fails, as when its worker loses its disk.
      if (part === '1' && !failed) {
        failed = true;
        throw new Error('the disk went away');
      }
      // The first render waits (up to 15 s) for another to start: a loaded host may be slow to fetch the second job,
      // but a worker that renders one part at a time never starts it.
      if (!held) {
        held = true;
        const deadline = Date.now() + 15_000;
        while (Date.now() < deadline && !calls.some((other) => other !== call && other.ended === 0))
          await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return await render();
    } finally {
      call.ended = Date.now();
    }
  };
  const segment = LocalEngine.prototype.renderSegment;
  const voiceOver = LocalEngine.prototype.renderVoiceOver;
  const spies = [
    jest.spyOn(LocalEngine.prototype, 'renderSegment').mockImplementation(function (
      this: LocalEngine,
      input: RenderInput,
      range: PartRange,
    ) {
      return track(input.output, () => segment.call(this, input, range));
    }),
    jest.spyOn(LocalEngine.prototype, 'renderVoiceOver').mockImplementation(function (
      this: LocalEngine,
      input: VoiceOverInput,
      range?: PartRange,
    ) {
      return track(input.output, () => voiceOver.call(this, input, range));
    }),
  ];
  try {
    const created = await call(t.app, { method: 'POST', url: videosUrl(), token: owner.token, body: threeScenes('Review') });
    expect(created.status).toBe(202);
    const progress: { done: number; total: number }[] = [];
    const ready = await eventually(
      async () => {
        const r = await call(t.app, { url: `${videosUrl()}/${created.body.id}`, token: owner.token });
        if (r.body.segments) progress.push(r.body.segments);
        return r;
      },
      (r) => r.body.status !== 'in_progress',
      120_000,
    );
    expect({ status: ready.body.status, reason: ready.body.reason }).toEqual({ status: 'ready', reason: null });

    // One part job per scene, each done; the failed scene's job ran twice, the others once.
    const jobs = await partJobs(created.body.id);
    expect(jobs.map((job) => job.index).sort()).toEqual([0, 1, 2]);
    expect(jobs.every((job) => job.state === 'completed')).toBe(true);
    expect(calls.map((c) => c.part).sort()).toEqual(['0', '1', '1', '2']);
    // The two workers rendered scenes at the same time.
    const overlapping = calls.some((a) => calls.some((b) => a !== b && a.started < b.ended && b.started < a.ended));
    expect(overlapping).toBe(true);
    // The processing screen counted the scenes as they were made.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((step) => step.total === 3 && step.done <= 3)).toBe(true);
    expect(progress.map((step) => step.done)).toEqual([...progress.map((step) => step.done)].sort());

    const scenes: { start_seconds: number; duration_seconds: number }[] = ready.body.scenes;
    const frame = 1 / VIDEO_FPS;
    // The fade overlaps the first two scenes by its 0.6 s; the cut does not overlap.
    expect(scenes[0]!.start_seconds).toBe(0);
    expect(Math.abs(scenes[1]!.start_seconds - (scenes[0]!.duration_seconds - 0.6))).toBeLessThan(frame);
    expect(Math.abs(scenes[2]!.start_seconds - (scenes[1]!.start_seconds + scenes[1]!.duration_seconds))).toBeLessThan(frame);
    const end = scenes[2]!.start_seconds + scenes[2]!.duration_seconds;
    expect(Math.abs(ready.body.duration_seconds - end)).toBeLessThan(frame);

    const file = join(t.config.dataDir, 'video_output', `${created.body.id}.mp4`);
    const probe = await probeMedia(file);
    expect(probe?.video).toMatchObject({ width: 720, height: 720 });
    expect(Math.abs((await countVideoFrames(file)) - end * VIDEO_FPS)).toBeLessThanOrEqual(1);
    // The sound lasts as long as the picture: no scene's sound is missing where scenes meet.
    const { stdout } = await runFfmpeg(['-i', file, '-vn', '-ac', '1', '-ar', '8000', '-f', 's16le', 'pipe:1']);
    expect(Math.abs(stdout.length / 2 / 8000 - end)).toBeLessThan(2 * frame);

    // Red, then halfway through the fade both at once, then blue; after the cut, green at once.
    const first = await pixelAt(file, scenes[0]!.duration_seconds / 3);
    expect([first.r > 200, first.b < 60]).toEqual([true, true]);
    const fading = await pixelAt(file, scenes[1]!.start_seconds + 0.3);
    expect([fading.r, fading.b].every((value) => value > 70 && value < 190)).toBe(true);
    const beforeCut = await pixelAt(file, scenes[2]!.start_seconds - 2 * frame);
    expect([beforeCut.b > 180, beforeCut.r < 60]).toEqual([true, true]);
    const afterCut = await pixelAt(file, scenes[2]!.start_seconds + frame);
    expect([afterCut.g > 180, afterCut.b < 60]).toEqual([true, true]);

    // The scenes' pieces, speech and plan are gone; the video, its poster and captions stay.
    expect(
      readdirSync(join(t.config.dataDir, 'video_output'))
        .filter((name) => name.startsWith(created.body.id))
        .sort(),
    ).toEqual(['jpg', 'mp4', 'srt', 'vtt'].map((extension) => `${created.body.id}.${extension}`));
  } finally {
    for (const spy of spies) spy.mockRestore();
  }
}, 180_000);

test('a video of scenes deleted while its scenes render leaves no scene file', async () => {
  const created = await call(t.app, { method: 'POST', url: videosUrl(), token: owner.token, body: threeScenes('Deleted') });
  expect(created.status).toBe(202);
  const videoId = created.body.id as string;
  // Deleted once a scene is rendering (or, on a quick run, already rendered while the others or the join go on).
  await eventually(
    () => partJobs(videoId),
    (jobs) => jobs.some((job) => job.state === 'active' || job.state === 'completed'),
    60_000,
  );
  expect((await call(t.app, { method: 'DELETE', url: `${videosUrl()}/${videoId}`, token: owner.token })).status).toBe(204);
  await eventually(
    () => partJobs(videoId),
    (jobs) => jobs.every((job) => job.state === 'completed' || job.state === 'failed'),
    60_000,
  );
  expect(readdirSync(join(t.config.dataDir, 'video_output')).filter((name) => name.startsWith(videoId))).toEqual([]);
}, 120_000);
