import { createHash } from 'node:crypto';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import * as tus from 'tus-js-client';
import { uploads, usage } from '../src/db/schema';
import { build, call, onboardedUser, tusMetadata, type TestApp } from './helper';
import { runFfmpeg } from '../src/media/tools';
import { FACE_PHOTO, mediaDir, testPatternVideo, textFile, tone } from './media/fixtures';

let t: TestApp;
let endpoint: string;
let owner: { token: string; teamId: string };
let outsider: { token: string; teamId: string };
let dir: string;

beforeAll(async () => {
  t = await build();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  endpoint = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/api/uploads`;
  owner = await onboardedUser(t.app, 'uploader@example.com');
  outsider = await onboardedUser(t.app, 'other@example.com');
  dir = mediaDir();
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

type Options = {
  token?: string;
  teamId?: string;
  purpose?: string;
  chunkSize?: number;
  onProgress?: (sent: number, total: number) => void;
  uploadUrl?: string;
  retryDelays?: number[];
};

function send(file: Buffer, options: Options = {}) {
  let upload: tus.Upload;
  const done = new Promise<string>((resolve, reject) => {
    upload = new tus.Upload(file, {
      endpoint,
      uploadUrl: options.uploadUrl,
      chunkSize: options.chunkSize ?? 4 * 1024 * 1024,
      retryDelays: options.retryDelays ?? [],
      headers: options.token === '' ? {} : { Authorization: `Bearer ${options.token ?? owner.token}` },
      metadata: {
        team_id: options.teamId ?? owner.teamId,
        purpose: options.purpose ?? 'voice_audio',
        filename: 'clip',
        filetype: 'application/octet-stream',
      },
      onProgress: (sent, total) => options.onProgress?.(sent, total),
      onSuccess: () => resolve(upload.url!),
      onError: (error) => reject(error),
    });
    upload.start();
  });
  return { done, abort: () => upload.abort(), url: () => upload.url };
}

const status = (error: unknown) => (error as tus.DetailedError).originalResponse?.getStatus();
const body = (error: unknown) => JSON.parse((error as tus.DetailedError).originalResponse?.getBody() ?? '{}');
const sha = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const idOf = (url: string) => url.split('/').pop()!;
const storedPath = (url: string) => join(t.config.dataDir, 'uploads', idOf(url));

test("a browser on the app's origin may send tus headers and read tus answers (CORS preflight, kept two hours)", async () => {
  const preflight = await t.app.inject({
    method: 'OPTIONS',
    url: '/api/uploads',
    headers: {
      origin: 'http://localhost:8080',
      'access-control-request-method': 'POST',
      'access-control-request-headers': 'authorization,tus-resumable,upload-length,upload-metadata',
    },
  });
  expect(preflight.statusCode).toBe(204);
  const allowed = String(preflight.headers['access-control-allow-headers']).toLowerCase().split(/,\s*/);
  expect(allowed).toEqual(expect.arrayContaining(['authorization', 'tus-resumable', 'upload-length', 'upload-metadata', 'upload-offset']));
  // The browser keeps the answer for two hours instead of asking again before every call.
  expect(preflight.headers['access-control-max-age']).toBe('7200');
});

test('an avatar video uploads and is recorded as complete, byte-identical', async () => {
  const video = readFileSync(await testPatternVideo(dir, 35));
  const url = await send(video, { purpose: 'avatar_video' }).done;
  const [row] = await t.database.db
    .select()
    .from(uploads)
    .where(eq(uploads.id, idOf(url)));
  expect(row).toMatchObject({ status: 'complete', purpose: 'avatar_video', teamId: owner.teamId, size: video.length });
  expect(sha(readFileSync(storedPath(url)))).toBe(sha(video));
});

test('an upload interrupted at 50 % resumes from where it stopped, and the file is byte-identical', async () => {
  const audio = readFileSync(await tone(dir, 240, 'long.wav'));
  const first = send(audio, {
    chunkSize: 512 * 1024,
    onProgress: (sent, total) => {
      if (sent >= total / 2) void first.abort();
    },
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  await Promise.race([first.done.catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 500))]);
  const url = first.url()!;
  const head = await fetch(url, { method: 'HEAD', headers: { Authorization: `Bearer ${owner.token}`, 'Tus-Resumable': '1.0.0' } });
  const offset = Number(head.headers.get('upload-offset'));
  expect(offset).toBeGreaterThan(0);
  expect(offset).toBeLessThan(audio.length);

  let resumedFrom = -1;
  // The aborted PATCH may still be settling on the server; like the studio's uploader, a 409 (offset moved) is retried from a fresh HEAD.
  const second = send(audio, {
    uploadUrl: url,
    chunkSize: 512 * 1024,
    retryDelays: [200, 500, 1000],
    onProgress: (sent) => (resumedFrom = resumedFrom < 0 ? sent : resumedFrom),
  });
  await second.done;
  expect(resumedFrom).toBeGreaterThanOrEqual(offset);
  expect(sha(readFileSync(storedPath(url)))).toBe(sha(audio));
});

test('uploads need a session, a team of your own, a known purpose and a size within the limit', async () => {
  const audio = readFileSync(await tone(dir, 2, 'short.wav'));
  expect(status(await send(audio, { token: '' }).done.catch((e: unknown) => e))).toBe(401);
  expect(status(await send(audio, { teamId: outsider.teamId }).done.catch((e: unknown) => e))).toBe(404);
  expect(status(await send(audio, { purpose: 'anything' }).done.catch((e: unknown) => e))).toBe(400);
  const tooBig = await fetch(endpoint, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${owner.token}`,
      'Tus-Resumable': '1.0.0',
      'Upload-Length': String(32 * 1024 * 1024 + 1),
      'Upload-Metadata': `team_id ${Buffer.from(owner.teamId).toString('base64')},purpose ${Buffer.from('voice_audio').toString('base64')}`,
    },
  });
  expect(tooBig.status).toBe(413);
  expect((await tooBig.json()).code).toBe('audio_too_large');
});

test('content is checked when the upload finishes: a text file named .mp4 is refused and removed', async () => {
  const error = await send(readFileSync(textFile(dir, 'fake.mp4')), { purpose: 'avatar_video' }).done.catch((e: unknown) => e);
  expect(status(error)).toBe(422);
  expect(body(error).code).toBe('not_a_video');
  const short = await send(readFileSync(await testPatternVideo(dir, 20)), { purpose: 'avatar_video' }).done.catch((e: unknown) => e);
  expect(body(short).code).toBe('video_too_short');
  const rejected = await t.database.db.select().from(uploads).where(eq(uploads.status, 'rejected'));
  expect(rejected.map((r) => r.reason).sort()).toEqual(['not_a_video', 'video_too_short']);
  for (const row of rejected) expect(existsSync(join(t.config.dataDir, 'uploads', row.id))).toBe(false);
});

test('a photo for an avatar is checked by its content: a JPEG is taken, a text file, a video or a GIF is refused', async () => {
  const jpeg = join(dir, 'portrait.jpg');
  await runFfmpeg(['-i', FACE_PHOTO, '-vf', 'crop=640:640:0:0', jpeg]);
  await send(readFileSync(jpeg), { purpose: 'avatar_photo' }).done;
  const refused = async (file: Buffer) => body(await send(file, { purpose: 'avatar_photo' }).done.catch((e: unknown) => e)).code;
  expect(await refused(readFileSync(textFile(dir, 'fake.jpg')))).toBe('not_an_image');
  expect(await refused(readFileSync(await testPatternVideo(dir, 2)))).toBe('not_an_image');
  const gif = join(dir, 'still.gif');
  await runFfmpeg(['-i', jpeg, gif]);
  expect(await refused(readFileSync(gif))).toBe('unsupported_image_format');
});

test('a logo or picture (purpose image) is checked by its content: PNG, JPEG and WebP by their bytes, decoded whole', async () => {
  const jpeg = join(dir, 'picture.jpg');
  const webp = join(dir, 'picture.webp');
  await runFfmpeg(['-i', FACE_PHOTO, '-vf', 'scale=320:-2', jpeg]);
  await runFfmpeg(['-i', jpeg, webp]);
  for (const file of [jpeg, webp]) await send(readFileSync(file), { purpose: 'image' }).done;
  const refused = async (file: Buffer) => body(await send(file, { purpose: 'image' }).done.catch((e: unknown) => e)).code;
  expect(await refused(readFileSync(textFile(dir, 'fake.png')))).toBe('not_an_image');
  // A JPEG's first bytes over junk: the header opens, the picture does not decode.
  expect(await refused(Buffer.concat([readFileSync(jpeg).subarray(0, 600), Buffer.alloc(4000, 0x55)]))).toBe('not_an_image');
  const gif = join(dir, 'picture.gif');
  await runFfmpeg(['-i', jpeg, gif]);
  expect(await refused(readFileSync(gif))).toBe('not_an_image');
  const check = await t.app.inject({
    method: 'POST',
    url: `/api/teams/${owner.teamId}/uploads/check`,
    headers: { authorization: `Bearer ${owner.token}` },
    payload: { purpose: 'image', size_bytes: 21 * 1024 * 1024 },
  });
  expect([check.statusCode, check.json().code]).toEqual([413, 'image_too_large']);
});

test("another user cannot read, continue or delete someone's upload", async () => {
  const audio = readFileSync(await tone(dir, 60, 'mine.wav'));
  const upload = send(audio, { chunkSize: 256 * 1024, onProgress: (sent) => sent > 0 && void upload.abort() });
  await new Promise((resolve) => setTimeout(resolve, 1500));
  const url = upload.url()!;
  for (const method of ['HEAD', 'PATCH', 'DELETE']) {
    const response = await fetch(url, {
      method,
      headers: {
        Authorization: `Bearer ${outsider.token}`,
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': '0',
        'Content-Type': 'application/offset+octet-stream',
      },
      body: method === 'PATCH' ? new Uint8Array(10) : undefined,
    });
    expect([method, response.status]).toEqual([method, 404]);
  }
});

test('an unfinished upload expires, and so does a finished one nothing took for as long; their bytes are removed', async () => {
  const short = await build({ UPLOAD_EXPIRY_SECONDS: '1' });
  await short.app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(short.app.server.address() as AddressInfo).port}/api/uploads`;
  const user = await onboardedUser(short.app, 'abandoner@example.com');
  const headers = { Authorization: `Bearer ${user.token}`, 'Tus-Resumable': '1.0.0' };
  const upload = async (length: number, body: Uint8Array<ArrayBuffer>) => {
    const created = await fetch(base, {
      method: 'POST',
      headers: {
        ...headers,
        'Upload-Length': String(length),
        'Upload-Metadata': tusMetadata({ team_id: user.teamId, purpose: 'voice_audio' }),
      },
    });
    const url = created.headers.get('location')!;
    const patched = await fetch(url, {
      method: 'PATCH',
      headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body,
    });
    expect(patched.status).toBe(204);
    return { url, file: join(short.config.dataDir, 'uploads', idOf(url)) };
  };
  const unfinished = await upload(100000, new Uint8Array(1000));
  const audio = readFileSync(await tone(dir, 3, 'unused.wav'));
  const unused = await upload(audio.length, audio);
  const recent = await upload(audio.length, audio);
  const statusOf = async (url: string) =>
    (
      await short.database.db
        .select()
        .from(uploads)
        .where(eq(uploads.id, idOf(url)))
    )[0]?.status;
  expect([await statusOf(unused.url), await statusOf(recent.url)]).toEqual(['complete', 'complete']);

  await new Promise((resolve) => setTimeout(resolve, 1500));
  // As if its last bytes had just arrived, after a long upload: it keeps its bytes for as long again.
  await short.database.db
    .update(uploads)
    .set({ completedAt: new Date() })
    .where(eq(uploads.id, idOf(recent.url)));
  expect(await short.app.removeExpiredUploads()).toBe(2);
  expect([existsSync(unfinished.file), existsSync(unused.file), existsSync(recent.file)]).toEqual([false, false, true]);
  expect(await statusOf(recent.url)).toBe('complete');
  expect([404, 410]).toContain((await fetch(unfinished.url, { method: 'HEAD', headers })).status);
  const voice = await call(short.app, {
    method: 'POST',
    url: `/api/teams/${user.teamId}/voices`,
    token: user.token,
    body: { name: 'Late', language: 'en', upload_id: idOf(unused.url) },
  });
  expect(voice).toMatchObject({ status: 400, body: { code: 'upload_not_ready' } });
  await short.close();
});

test('an upload survives a server restart: a new server on the same data continues it', async () => {
  const { loadConfig } = await import('../src/config');
  const { buildApp } = await import('../src/app');
  const { openTestDatabase } = await import('./helper');
  const database = await openTestDatabase();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_MAX: '100000',
    AUTH_RATE_LIMIT_MAX: '100000',
    DATA_DIR: mediaDir(),
  });
  const audio = readFileSync(await tone(dir, 60, 'restart.wav'));
  const half = Math.floor(audio.length / 2);

  const before = await buildApp(config, { database });
  await before.listen({ port: 0, host: '127.0.0.1' });
  const user = await onboardedUser(before, 'restart@example.com');
  const headers = { Authorization: `Bearer ${user.token}`, 'Tus-Resumable': '1.0.0' };
  const created = await fetch(`http://127.0.0.1:${(before.server.address() as AddressInfo).port}/api/uploads`, {
    method: 'POST',
    headers: {
      ...headers,
      'Upload-Length': String(audio.length),
      'Upload-Metadata': `team_id ${Buffer.from(user.teamId).toString('base64')},purpose ${Buffer.from('voice_audio').toString('base64')}`,
    },
  });
  const id = idOf(created.headers.get('location')!);
  const firstHalf = await fetch(created.headers.get('location')!, {
    method: 'PATCH',
    headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: audio.subarray(0, half),
  });
  expect(firstHalf.status).toBe(204);
  await before.close();

  const after = await buildApp(config, { database });
  await after.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(after.server.address() as AddressInfo).port}/api/uploads/${id}`;
  const head = await fetch(url, { method: 'HEAD', headers });
  expect(Number(head.headers.get('upload-offset'))).toBe(half);
  const rest = await fetch(url, {
    method: 'PATCH',
    headers: { ...headers, 'Upload-Offset': String(half), 'Content-Type': 'application/offset+octet-stream' },
    body: audio.subarray(half),
  });
  expect(rest.status).toBe(204);
  expect(sha(readFileSync(join(config.dataDir, 'uploads', id)))).toBe(sha(audio));
  const [row] = await database.db.select().from(uploads).where(eq(uploads.id, id));
  expect(row!.status).toBe('complete');
  await after.close();
  await database.close();
});

test('an empty file, an oversized one and one over the plan are refused before the first byte: the check and the creation', async () => {
  const user = await onboardedUser(t.app, 'full-plan@example.com');
  const check = (body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: `/api/teams/${user.teamId}/uploads/check`,
      headers: { authorization: `Bearer ${user.token}` },
      payload: body,
    });
  const voice = { purpose: 'voice_audio', size_bytes: 100_000, duration_seconds: 12 };
  expect((await check(voice)).json()).toEqual({ allowed: true });
  expect((await check({ ...voice, size_bytes: 0 })).json()).toMatchObject({
    code: 'file_empty',
    message: 'This file is empty. Choose a file with content.',
  });
  expect(await check({ ...voice, size_bytes: 33 * 1024 ** 2 })).toMatchObject({ statusCode: 413 });
  await expect(
    send(Buffer.alloc(0), { token: user.token, teamId: user.teamId }).done.catch((error) => [status(error), body(error).code]),
  ).resolves.toEqual([400, 'file_empty']);

  // Free allows one voice model a month: with it used, a second is refused before anything is sent.
  const ownerId = (await t.app.inject({ url: '/api/profile', headers: { authorization: `Bearer ${user.token}` } })).json().id as string;
  await t.database.db
    .insert(usage)
    .values({ userId: ownerId, productType: 'app', metric: 'custom_voices', amount: 1, state: 'settled', itemId: crypto.randomUUID() });
  const refused = await check(voice);
  expect(refused.statusCode).toBe(402);
  expect(refused.json()).toMatchObject({ code: 'quota_exceeded', metric: 'custom_voices', plan: 'free' });
  let sent = 0;
  const attempt = send(readFileSync(await tone(dir, 2, 'second-voice.wav')), {
    token: user.token,
    teamId: user.teamId,
    onProgress: (bytes) => (sent = bytes),
  });
  await expect(attempt.done.catch((error) => [status(error), body(error).code])).resolves.toEqual([402, 'quota_exceeded']);
  expect(sent).toBe(0);
  expect(await t.database.db.select().from(uploads).where(eq(uploads.teamId, user.teamId))).toEqual([]);
  expect((await check({ purpose: 'avatar_video', size_bytes: 10_000_000 })).json()).toEqual({ allowed: true });
  const photo = await check({ purpose: 'avatar_photo', size_bytes: 21 * 1024 * 1024 });
  expect([photo.statusCode, photo.json().code]).toEqual([413, 'image_too_large']);
  expect((await check({ ...voice, purpose: 'tape' })).statusCode).toBe(400);
  expect((await check(voice)).statusCode).toBe(402);
  expect(
    (
      await t.app.inject({
        method: 'POST',
        url: `/api/teams/${outsider.teamId}/uploads/check`,
        headers: { authorization: `Bearer ${user.token}` },
        payload: voice,
      })
    ).statusCode,
  ).toBe(404);
});
