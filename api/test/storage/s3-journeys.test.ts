// The studio's journeys with the media in a bucket (s3rver): every file the product takes or makes is an object in the
// bucket and nothing media-like stays in the data folder; browsers download by presigned links (or through the API,
// ranges too, where the bucket is not theirs to reach); deletion removes the objects, and a backup holds them.
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runFfmpeg } from '../../src/media/tools';
import { SpeechSynthesizer } from '../../src/engine/speech/synthesizer';
import { probeMedia } from '../../src/media/probe';
import { restoreFiles } from '../../src/ops/backup';
import { signPath } from '../../src/domains/assets/signing';
import { createS3Storage } from '../../src/storage/s3-storage';
import type { ObjectStorage } from '../../src/storage/object-storage';
import { build, call, eventually, onboardedUser, subscribe, uploadFile, type TestApp } from '../helper';
import { mediaDir, PORTRAIT, tone } from '../media/fixtures';
import { bytesOf, keysIn, mediaIn, s3Env, startS3, type TestS3 } from './s3-server';

let s3: TestS3;
let bucket: ObjectStorage;
let t: TestApp;
let owner: { token: string; teamId: string };
let dir: string;

beforeAll(async () => {
  s3 = await startS3();
  bucket = createS3Storage(s3.options);
  t = await build(s3Env(s3));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  owner = await onboardedUser(t.app, 's3@example.com', 'Bucket Team');
  await subscribe(t, owner.token, 'price_studio_month_usd');
  dir = mediaDir();
}, 60_000);
afterAll(async () => {
  await t.close();
  await s3.close();
  rmSync(dir, { recursive: true, force: true });
});

const api = (token: string) => ({
  get: (url: string, headers: Record<string, string> = {}) => call(t.app, { url, token, headers }),
  post: (url: string, body: unknown) => call(t.app, { method: 'POST', url, token, body }),
  delete: (url: string) => call(t.app, { method: 'DELETE', url, token }),
});
const base = () => `/api/teams/${owner.teamId}`;

/** Follows an asset address as a browser does: the session's redirect to the signed link, then the bucket's link. */
async function download(address: string) {
  const signed = await api(owner.token).get(address);
  expect(signed.status).toBe(302);
  const presigned = await t.app.inject({ url: signed.headers.location as string });
  expect(presigned.statusCode).toBe(302);
  const link = presigned.headers.location as string;
  expect(link).toContain(`${s3.options.endpoint}/${s3.options.bucket}/`);
  expect(link).toContain('X-Amz-Signature=');
  const answer = await fetch(link);
  expect(answer.status).toBe(200);
  return { bytes: Buffer.from(await answer.arrayBuffer()), type: answer.headers.get('content-type') };
}

const until = (url: string) =>
  eventually(
    () => api(owner.token).get(url),
    (r) => r.body.status !== 'in_progress',
    150_000,
  );

let avatarId: string;
let videoId: string;

test('an avatar from a photo, a voice, videos from a script and from uploaded audio: all in the bucket, nothing in the data folder', async () => {
  const jpeg = join(dir, 'portrait.jpg');
  await runFfmpeg(['-i', PORTRAIT.photo, '-vf', PORTRAIT.crop, jpeg]);
  const photo = readFileSync(jpeg);
  const photoUpload = await uploadFile(t.app, owner.token, owner.teamId, photo, 'avatar_photo');
  const consent = 'I, s3@example.com, agree that Kagami may create an avatar of me.';
  const created = await api(owner.token).post(`${base()}/avatars`, {
    name: 'Bucketed',
    language: 'en',
    upload_id: photoUpload,
    consent_text: consent,
  });
  expect(created.status).toBe(202);
  const avatar = await until(`${base()}/avatars/${created.body.id}`);
  expect(avatar.body).toMatchObject({ status: 'ready', source_kind: 'photo', reason: null });
  avatarId = avatar.body.id;

  const speech = new SpeechSynthesizer();
  const wav = Buffer.from((await speech.synthesize('This is my own voice, recorded for a voice model, clear and steady.', 'en')).wav);
  speech.close();
  const voiceUpload = await uploadFile(t.app, owner.token, owner.teamId, wav, 'voice_audio');
  const voice = await api(owner.token).post(`${base()}/voices`, { name: 'Bucket voice', language: 'en', upload_id: voiceUpload });
  const voiceDone = await until(`${base()}/voices/${voice.body.id}`);
  expect(voiceDone.body).toMatchObject({ status: 'ready', reason: null });

  const scripted = await api(owner.token).post(`${base()}/videos`, {
    name: 'From the bucket',
    avatar_id: avatarId,
    language: 'en',
    script: 'Hello from a bucket.',
  });
  const narration = readFileSync(await tone(dir, 3, 'narration.mp3', ['-c:a', 'libmp3lame']));
  const audioUpload = await uploadFile(t.app, owner.token, owner.teamId, narration, 'video_audio');
  const narrated = await api(owner.token).post(`${base()}/videos`, {
    name: 'Narrated',
    avatar_id: avatarId,
    language: 'en',
    audio_upload_id: audioUpload,
  });
  const scriptedDone = await until(`${base()}/videos/${scripted.body.id}`);
  const narratedDone = await until(`${base()}/videos/${narrated.body.id}`);
  expect(scriptedDone.body.status).toBe('ready');
  expect(narratedDone.body.status).toBe('ready');
  videoId = scripted.body.id;

  const keys = await keysIn(bucket);
  const inputs = keys.filter((key) => key.startsWith('avatar_input/'));
  expect(inputs).toHaveLength(3); // the photo, the voice's recording, the narration
  expect(keys).toEqual(
    expect.arrayContaining([
      `avatar_output/${avatarId}.jpg`,
      `avatar_output/${avatarId}-loop.mp4`,
      `avatar_output/${avatarId}-matte.mp4`,
      `avatar_output/${avatarId}-face.bin`,
      `audio_output/${voice.body.id}.mp3`,
      `video_output/${videoId}.mp4`,
      `video_output/${videoId}.jpg`,
      `video_output/${videoId}.vtt`,
      `video_output/${narrated.body.id}.mp4`,
    ]),
  );
  // Uploads and what the jobs made left no media on this host.
  expect(mediaIn(t.config.dataDir)).toEqual([]);
  // What was uploaded is in the bucket as it was sent.
  const stored = await Promise.all(inputs.map((key) => bytesOf(bucket, key)));
  expect(stored.some((bytes) => bytes.equals(photo))).toBe(true);
  expect(stored.some((bytes) => bytes.equals(wav))).toBe(true);
  expect(stored.some((bytes) => bytes.equals(narration))).toBe(true);
}, 600_000);

test('downloads are presigned links to the bucket, with the bytes made; the sample and preview too', async () => {
  const video = await api(owner.token).get(`${base()}/videos/${videoId}`);
  const file = await download(video.body.url ?? `/assets/data/video_output/${videoId}.mp4`);
  expect(file.type).toBe('video/mp4');
  expect(file.bytes.equals(await bytesOf(bucket, `video_output/${videoId}.mp4`))).toBe(true);
  const saved = join(dir, 'downloaded.mp4');
  writeFileSync(saved, file.bytes);
  expect(await probeMedia(saved)).toMatchObject({ video: { codec: 'h264' }, audio: { codec: 'aac' } });
  const poster = await download(`/assets/data/video_output/${videoId}.jpg`);
  expect(poster.type).toBe('image/jpeg');
  const avatar = await api(owner.token).get(`${base()}/avatars/${avatarId}`);
  expect((await download(avatar.body.preview)).bytes.equals(await bytesOf(bucket, `avatar_output/${avatarId}.jpg`))).toBe(true);
  // A library voice's preview is made once and kept in the bucket.
  const preview = await t.app.inject({ url: '/api/voices/builtin/builtin-en-emma/preview' });
  expect(preview.statusCode).toBe(200);
  expect(preview.rawPayload.subarray(0, 3).toString()).toBe('ID3');
  expect((await keysIn(bucket)).some((key) => key.startsWith('audio_output/builtin-en-emma-'))).toBe(true);
});

test('where browsers cannot reach the bucket, the API streams the object, and a range as asked', async () => {
  const secret = 'a-signing-secret-of-thirty-two-characters-or-more';
  const proxied = await build({ ...s3Env(s3, false), ASSET_SIGNING_SECRET: secret });
  try {
    const made = await bytesOf(bucket, `video_output/${videoId}.mp4`);
    // The second API shares the bucket; a signed link of its own is enough to reach the object.
    const path = signPath(Buffer.from(secret), `/assets/signed/video_output/${videoId}.mp4`);
    const whole = await proxied.app.inject({ url: path });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('video/mp4');
    expect(whole.rawPayload.equals(made)).toBe(true);
    const part = await proxied.app.inject({ url: path, headers: { range: 'bytes=100-1099' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-1099/${made.length}`);
    expect(part.rawPayload.equals(made.subarray(100, 1100))).toBe(true);
    const beyond = await proxied.app.inject({ url: path, headers: { range: `bytes=${made.length}-` } });
    expect(beyond.statusCode).toBe(416);
  } finally {
    await proxied.close();
  }
});

test('a backup holds the bucket, and restore puts the objects into the bucket configured then', async () => {
  const target = join(await mkdtemp(join(tmpdir(), 'kagami-s3-backup-')), 'backup');
  const manifest = await t.app.writeBackup(target);
  expect(
    readFileSync(join(target, 'files', 'video_output', `${videoId}.mp4`)).equals(await bytesOf(bucket, `video_output/${videoId}.mp4`)),
  ).toBe(true);
  expect(manifest.files).toBeGreaterThanOrEqual((await keysIn(bucket)).length);
  const other = await startS3('kagami-restored');
  try {
    const restored = await mkdtemp(join(tmpdir(), 'kagami-s3-restored-'));
    const into = createS3Storage(other.options);
    // The database's restore is backup.test.ts's; the files' part goes to the bucket.
    await restoreFiles(target, { dataDir: restored, storage: into });
    expect(mediaIn(restored)).toEqual([]);
    expect((await keysIn(into)).sort()).toEqual((await keysIn(bucket)).sort());
  } finally {
    await other.close();
  }
}, 120_000);

test('deleting a video, a voice and an avatar removes their objects from the bucket', async () => {
  expect((await api(owner.token).delete(`${base()}/videos/${videoId}`)).status).toBe(204);
  expect((await keysIn(bucket)).filter((key) => key.includes(videoId))).toEqual([]);
  expect((await api(owner.token).delete(`${base()}/avatars/${avatarId}`)).status).toBe(204);
  expect((await keysIn(bucket)).filter((key) => key.includes(avatarId))).toEqual([]);
});

test('deleting an account removes the objects of the teams that go with it', async () => {
  const leaver = await onboardedUser(t.app, 's3-leaver@example.com', 'Leaving team');
  const png = join(dir, 'backdrop.png');
  await runFfmpeg(['-f', 'lavfi', '-i', 'testsrc2=size=640x360:duration=1', '-frames:v', '1', png]);
  const picture = await uploadFile(t.app, leaver.token, leaver.teamId, readFileSync(png), 'background_image');
  const added = await call(t.app, {
    method: 'POST',
    url: `/api/teams/${leaver.teamId}/backgrounds`,
    token: leaver.token,
    body: { upload_id: picture },
  });
  expect(added.status).toBe(201);
  expect((await keysIn(bucket)).filter((key) => key.includes(picture))).toHaveLength(2);
  const profile = await call(t.app, { url: '/api/profile', token: leaver.token });
  const deleted = await call(t.app, {
    method: 'DELETE',
    url: `/api/users/${profile.body.id}`,
    token: leaver.token,
    body: { email: 's3-leaver@example.com' },
  });
  expect(deleted.status).toBe(204);
  expect((await keysIn(bucket)).filter((key) => key.includes(picture))).toEqual([]);
});
