// One behaviour, two places: the same checks run on a folder and on an S3-compatible bucket (s3rver).
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { createLocalStorage } from '../../src/storage/local-storage';
import type { ObjectStorage } from '../../src/storage/object-storage';
import { checkBucket, createS3Storage } from '../../src/storage/s3-storage';
import { buildApp } from '../../src/app';
import { loadConfig } from '../../src/config';
import { openTestDatabase } from '../helper';
import { s3Env, startS3, type TestS3 } from './s3-server';

let scratch: string;
let localRoot: string;
let s3: TestS3;
const drivers: Record<'local' | 's3', () => ObjectStorage> = {
  local: () => createLocalStorage(localRoot),
  s3: () => createS3Storage(s3.options),
};

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), 'kagami-storage-test-'));
  localRoot = join(scratch, 'data');
  s3 = await startS3();
});
afterAll(async () => {
  await s3.close();
  await rm(scratch, { recursive: true, force: true });
});

const bytesOf = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};

/** A file of this host with `bytes` in it. */
async function fileWith(bytes: Buffer) {
  const path = join(scratch, `${randomBytes(6).toString('hex')}.bin`);
  await writeFile(path, bytes);
  return path;
}

describe.each(['local', 's3'] as const)('%s storage', (kind) => {
  test('a stored file reads back byte for byte, whole and by range, and its size is known', async () => {
    const storage = drivers[kind]();
    // Larger than one multipart part (8 MiB), so a bucket receives it in parts.
    const bytes = randomBytes(9 * 1024 * 1024 + 17);
    await storage.putFile('video_output/round-trip.mp4', await fileWith(bytes), 'video/mp4');

    expect(await storage.sizeOf('video_output/round-trip.mp4')).toBe(bytes.length);
    const whole = await storage.open('video_output/round-trip.mp4');
    expect(whole!.size).toBe(bytes.length);
    expect((await bytesOf(whole!.body)).equals(bytes)).toBe(true);

    const part = await storage.open('video_output/round-trip.mp4', { start: 100, end: 199 });
    expect(part!.range).toEqual({ start: 100, end: 199 });
    expect(part!.size).toBe(bytes.length);
    expect((await bytesOf(part!.body)).equals(bytes.subarray(100, 200))).toBe(true);
  });

  test('a missing object is null, never an error', async () => {
    const storage = drivers[kind]();
    expect(await storage.open('video_output/none.mp4')).toBeNull();
    expect(await storage.sizeOf('video_output/none.mp4')).toBeNull();
    await expect(storage.remove(['video_output/none.mp4'])).resolves.toBeUndefined();
  });

  test('a job reads an object from a path of this host; a copy made for it is gone afterwards', async () => {
    const storage = drivers[kind]();
    const bytes = randomBytes(4096);
    await storage.putFile('avatar_input/clip.mp4', await fileWith(bytes));
    let seenAt = '';
    const read = await storage.withLocalFile('avatar_input/clip.mp4', async (path) => {
      seenAt = path;
      return readFile(path);
    });
    expect(read.equals(bytes)).toBe(true);
    // A folder's file is the object itself; a bucket's object was copied for the job and the copy removed.
    expect(existsSync(seenAt)).toBe(kind === 'local');

    await expect(
      storage.withLocalFile('avatar_input/clip.mp4', async () => {
        throw new Error('the job failed');
      }),
    ).rejects.toThrow('the job failed');
  });

  test('a finished upload moves to its item’s key, whole', async () => {
    const storage = drivers[kind]();
    const bytes = randomBytes(6 * 1024 * 1024);
    await storage.putFile('uploads/0123abcd', await fileWith(bytes));

    await storage.move('uploads/0123abcd', 'avatar_input/voice.wav', 'audio/wav');
    expect(await storage.sizeOf('uploads/0123abcd')).toBeNull();
    expect((await bytesOf((await storage.open('avatar_input/voice.wav'))!.body)).equals(bytes)).toBe(true);
  });

  test('listing by prefix finds each object once, in key order; removal takes them away', async () => {
    const storage = drivers[kind]();
    const source = await fileWith(Buffer.from('x'));
    const keys = ['audio_output/b.wav', 'audio_output/a.wav', 'audio_output/a-2.wav', 'avatar_output/a.jpg'];
    for (const key of keys) await storage.putFile(key, source);

    const listed: string[] = [];
    for await (const object of storage.list('audio_output/')) listed.push(object.key);
    expect(listed).toEqual(['audio_output/a-2.wav', 'audio_output/a.wav', 'audio_output/b.wav']);

    await storage.remove(['audio_output/a.wav', 'audio_output/b.wav']);
    const left: string[] = [];
    for await (const object of storage.list('audio_')) left.push(object.key);
    expect(left).toEqual(['audio_output/a-2.wav']);
    expect(await storage.sizeOf('avatar_output/a.jpg')).toBe(1);
  });

  test('a key that could leave its place is refused', async () => {
    const storage = drivers[kind]();
    const source = await fileWith(Buffer.from('x'));
    for (const key of ['../outside', 'video_output/../../x', '/abs', 'a//b', 'video_output/a b.mp4']) {
      await expect(storage.putFile(key, source)).rejects.toThrow('Not a storage key');
    }
    if (kind === 'local') await expect(storage.list('../')[Symbol.asyncIterator]().next()).rejects.toThrow('Not a storage prefix');
  });
});

test('a bucket that cannot be used says why at start-up: no such bucket, nothing listening there', async () => {
  await expect(checkBucket(s3.options)).resolves.toBeUndefined();
  await expect(checkBucket({ ...s3.options, bucket: 'kagami-missing' })).rejects.toThrow(
    `The bucket kagami-missing at ${s3.options.endpoint} cannot be used: there is no such bucket`,
  );
  await expect(checkBucket({ ...s3.options, endpoint: 'http://127.0.0.1:9' })).rejects.toThrow(
    'The bucket kagami-test at http://127.0.0.1:9 cannot be used: ',
  );
  const database = await openTestDatabase();
  try {
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: scratch, ...s3Env(s3), S3_BUCKET: 'kagami-missing' });
    await expect(buildApp(config, { database })).rejects.toThrow('Invalid configuration:\n  The bucket kagami-missing at');
  } finally {
    await database.close();
  }
});

test('a bucket gives a presigned link that downloads the object with the disposition asked for; a folder gives none', async () => {
  const bytes = randomBytes(2048);
  const bucket = drivers.s3();
  await bucket.putFile('video_output/linked.mp4', await fileWith(bytes), 'video/mp4');
  const url = await bucket.downloadUrl('video_output/linked.mp4', {
    seconds: 300,
    disposition: 'attachment; filename="Welcome.mp4"',
    contentType: 'video/mp4',
  });
  expect(url).toMatch(/X-Amz-Signature=/);
  const answer = await fetch(url!);
  expect(answer.status).toBe(200);
  expect(answer.headers.get('content-disposition')).toBe('attachment; filename="Welcome.mp4"');
  expect(Buffer.from(await answer.arrayBuffer()).equals(bytes)).toBe(true);

  expect(await drivers.local().downloadUrl('video_output/linked.mp4', { seconds: 300, disposition: 'inline' })).toBeNull();
});
