// An avatar being made tells where it is: polled while the worker runs, it moves through the stages in
// order with a progress that never goes back, at most about one change a second, then ends ready with
// progress 100 and no stage; the same shows in the public API and reaches the team's event stream.
import { readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { AVATAR_STAGES } from '@kagami/shared/validation';
import { build, call, onboardedUser, stretched, subscribe, uploadFile, type TestApp } from './helper';
import { faceClip, mediaDir, tone } from './media/fixtures';

const STAGES: string[] = ['queued', ...AVATAR_STAGES];
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let t: TestApp;
let owner: { token: string; teamId: string };
let key: string;
let dir: string;
let events: { text: string; close: () => void } | undefined;

beforeAll(async () => {
  t = await build();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await onboardedUser(t.app, 'progress@example.com', 'Progress Team');
  await subscribe(t, owner.token, 'price_studio_month_usd');
  await subscribe(t, owner.token, 'price_api_starter_month_usd');
  key = (await call(t.app, { method: 'POST', url: `/api/teams/${owner.teamId}/api-key`, token: owner.token })).body.api_key;
  dir = mediaDir();
}, 60_000);
afterAll(async () => {
  events?.close();
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The team's event stream, read into `text` until `close`. */
async function followEvents() {
  const { port } = t.app.server.address() as AddressInfo;
  const controller = new AbortController();
  const response = await fetch(`http://127.0.0.1:${port}/api/teams/${owner.teamId}/events`, {
    headers: { authorization: `Bearer ${owner.token}` },
    signal: controller.signal,
  });
  const stream = { text: '', close: () => controller.abort() };
  void (async () => {
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      stream.text += new TextDecoder().decode(value);
    }
  })().catch(() => undefined);
  return stream;
}

test('an avatar in progress reports its stages in order with rising progress, then ready at 100 with no stage', async () => {
  const video = readFileSync(await faceClip(dir, await tone(dir, 35, 'tone.wav')));
  events = await followEvents();
  const upload = await uploadFile(t.app, owner.token, owner.teamId, video, 'avatar_video');
  const created = await call(t.app, {
    method: 'POST',
    url: `/api/teams/${owner.teamId}/avatars`,
    token: owner.token,
    body: {
      name: 'Progress',
      language: 'en',
      upload_id: upload,
      consent_text: 'I, progress (progress@example.com), agree to an avatar of me.',
    },
  });
  expect(created).toMatchObject({ status: 202, body: { status: 'in_progress', stage: 'queued', progress: 0 } });
  const id = created.body.id as string;

  const seen: { stage: string; progress: number }[] = [];
  let publicInProgress: unknown = null;
  const started = Date.now();
  let avatar = created.body;
  while (avatar.status === 'in_progress' && Date.now() - started < stretched(120_000)) {
    await sleep(200);
    avatar = (await call(t.app, { url: `/api/teams/${owner.teamId}/avatars/${id}`, token: owner.token })).body;
    const step = { stage: avatar.stage, progress: avatar.progress };
    if (avatar.status === 'in_progress' && JSON.stringify(step) !== JSON.stringify(seen.at(-1))) {
      seen.push(step);
      if (avatar.stage !== 'queued')
        publicInProgress ??= (await call(t.app, { url: `/api/v1/avatars/${id}`, headers: { 'x-api-key': key } })).body;
    }
  }
  const seconds = (Date.now() - started) / 1000;
  const readyEvent = `event: status\ndata: {"kind":"avatar","id":"${id}","status":"ready","reason":null}`;
  for (let wait = 0; wait < stretched(50) && !events.text.includes(readyEvent); wait += 1) await sleep(100);
  events.close();

  expect(avatar).toMatchObject({ status: 'ready', stage: null, progress: 100 });
  const stages = seen.map((s) => s.stage).filter((stage, i, all) => stage !== all[i - 1]);
  expect(stages.filter((stage) => stage !== 'queued').length).toBeGreaterThanOrEqual(2);
  expect(stages.map((stage) => STAGES.indexOf(stage))).toEqual(stages.map((stage) => STAGES.indexOf(stage)).sort((a, b) => a - b));
  expect(new Set(stages).size).toBe(stages.length);
  for (const [i, { progress }] of seen.entries()) {
    expect(Number.isInteger(progress) && progress >= 0 && progress < 100).toBe(true);
    if (i > 0) expect(progress).toBeGreaterThanOrEqual(seen[i - 1]!.progress);
  }
  // The worker writes at most about once a second, so polling five times a second sees no more changes than that.
  expect(seen.length).toBeLessThanOrEqual(Math.ceil(seconds) + 2);

  expect(publicInProgress).toMatchObject({ status: 'in_progress', stage: expect.any(String), progress: expect.any(Number) });
  const publicReady = await call(t.app, { url: `/api/v1/avatars/${id}`, headers: { 'x-api-key': key } });
  expect(publicReady.body).toMatchObject({ status: 'ready', stage: null, progress: 100 });
  expect(events.text).toContain(`event: progress\ndata: {"kind":"avatar","id":"${id}","stage":"`);
  expect(events.text).toContain(readyEvent);
}, 150_000);
