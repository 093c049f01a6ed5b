// Resumable uploads straight into the bucket: an API host killed in the middle of a PATCH, and the upload finished
// through another API host with a data folder of its own; the object is the file, byte for byte, and no host kept it.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { uploads } from '../../src/db/schema';
import { createS3Storage } from '../../src/storage/s3-storage';
import { build, call, eventually, onboardedUser, subscribe, tusMetadata, type TestApp } from '../helper';
import { mediaDir, tone } from '../media/fixtures';
import { bytesOf, filesUnder, keysIn, mediaIn, s3Env, startS3, type TestS3 } from './s3-server';

// PGlite cannot be shared by several processes: this needs a PostgreSQL server.
const describeWithPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const PART = 8 * 1024 * 1024;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });

describeWithPostgres('an upload into the bucket outlives the API host that received it', () => {
  const hosts = mkdtempSync(join(tmpdir(), 'kagami-upload-hosts-'));
  const apis: ChildProcess[] = [];
  let s3: TestS3;
  let t: TestApp;
  let dir: string;

  afterAll(async () => {
    for (const api of apis) api.kill('SIGKILL');
    await t?.close();
    await s3?.close();
    rmSync(hosts, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  /** An API process on a host of its own (data and temporary folders), on the test's database and bucket. */
  async function apiHost(name: string) {
    const host = { data: join(hosts, name, 'data'), temporary: join(hosts, name, 'tmp') };
    for (const folder of Object.values(host)) mkdirSync(folder, { recursive: true });
    const port = await freePort();
    const api = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: join(__dirname, '..', '..'),
      env: {
        ...process.env,
        ...s3Env(s3),
        DATABASE_URL: t.database.url!,
        DATA_DIR: host.data,
        TMPDIR: host.temporary,
        PORT: String(port),
        HOST: '127.0.0.1',
        RUN_WORKER: 'false',
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    apis.push(api);
    const url = `http://127.0.0.1:${port}`;
    await eventually(
      () =>
        fetch(`${url}/api/health`).then(
          (r) => r.status,
          () => 0,
        ),
      (status) => status === 200,
      60_000,
    );
    return { ...host, url, api };
  }

  test('killed mid-PATCH, the upload resumes through another host from the parts in the bucket, byte-identical', async () => {
    dir = mediaDir();
    s3 = await startS3();
    t = await build({ ...s3Env(s3), RUN_WORKER: 'false' });
    const owner = await onboardedUser(t.app, 'resume-bucket@example.com', 'Resume');
    await subscribe(t, owner.token, 'price_studio_month_usd');
    // About 21 MB of speech-like sound: two whole 8 MiB parts and a last one.
    const audio = readFileSync(await tone(dir, 240, 'long.wav'));
    const headers = { Authorization: `Bearer ${owner.token}`, 'Tus-Resumable': '1.0.0' };

    const first = await apiHost('api-a');
    const created = await fetch(`${first.url}/api/uploads`, {
      method: 'POST',
      headers: {
        ...headers,
        'Upload-Length': String(audio.length),
        'Upload-Metadata': tusMetadata({ team_id: owner.teamId, purpose: 'voice_audio', filename: 'long.wav' }),
      },
    });
    expect(created.status).toBe(201);
    const id = created.headers.get('location')!.split('/').pop()!;

    // One PATCH that sends a part and a half, then stalls: the host is killed while it is receiving.
    const stalled = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(audio.subarray(0, PART + PART / 2));
      },
    });
    const patch = fetch(`${first.url}/api/uploads/${id}`, {
      method: 'PATCH',
      headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: stalled,
      duplex: 'half',
    } as RequestInit).catch((error: unknown) => error);
    // The first part is whole in the bucket's multipart upload (s3rver writes a part's checksum once it has it all).
    await eventually(
      async () => filesUnder(s3.folder).filter((file) => /\._S3rver_uploads\/[0-9a-f]+\/1\.md5$/.test(file)),
      (parts) => parts.length === 1,
      60_000,
    );
    first.api.kill('SIGKILL');
    // The PATCH never got an answer: its connection died with the host.
    expect(String(await patch)).toMatch(/fetch failed/);

    const second = await apiHost('api-b');
    const head = await fetch(`${second.url}/api/uploads/${id}`, { method: 'HEAD', headers });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get('upload-offset'));
    expect(offset).toBe(PART);
    const rest = await fetch(`${second.url}/api/uploads/${id}`, {
      method: 'PATCH',
      headers: { ...headers, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: audio.subarray(offset),
    });
    expect(rest.status).toBe(204);
    expect(Number(rest.headers.get('upload-offset'))).toBe(audio.length);

    // Checked by content from the bucket, and the object is the file.
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ status: 'complete', size: audio.length });
    const bucket = createS3Storage(s3.options);
    expect(sha(await bytesOf(bucket, id))).toBe(sha(audio));

    // Taken into a voice: the object moves to the voice's input; the upload and its record are gone.
    const voice = await call(t.app, {
      method: 'POST',
      url: `/api/teams/${owner.teamId}/voices`,
      token: owner.token,
      body: { name: 'Resumed voice', language: 'en', upload_id: id },
    });
    expect(voice.status).toBe(202);
    const keys = await keysIn(bucket);
    const input = keys.find((key) => key.startsWith('avatar_input/'));
    expect(input).toBeDefined();
    expect(sha(await bytesOf(bucket, input!))).toBe(sha(audio));
    expect(keys.filter((key) => key.startsWith(id))).toEqual([]);
    for (const host of [first, second]) expect(mediaIn(host.data)).toEqual([]);
    expect(mediaIn(t.config.dataDir)).toEqual([]);
  }, 300_000);
});

test('an upload left unfinished in the bucket is aborted by the hourly sweep once it expires', async () => {
  const server = await startS3('kagami-expiry');
  const short = await build({ ...s3Env(server), RUN_WORKER: 'false', UPLOAD_EXPIRY_SECONDS: '1' });
  try {
    await short.app.listen({ port: 0, host: '127.0.0.1' });
    const base = `http://127.0.0.1:${(short.app.server.address() as AddressInfo).port}/api/uploads`;
    const user = await onboardedUser(short.app, 'bucket-abandoner@example.com');
    const headers = { Authorization: `Bearer ${user.token}`, 'Tus-Resumable': '1.0.0' };
    const created = await fetch(base, {
      method: 'POST',
      headers: {
        ...headers,
        'Upload-Length': String(3 * PART),
        'Upload-Metadata': tusMetadata({ team_id: user.teamId, purpose: 'voice_audio' }),
      },
    });
    const url = created.headers.get('location')!;
    const id = url.split('/').pop()!;
    const patched = await fetch(url, {
      method: 'PATCH',
      headers: { ...headers, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
      body: new Uint8Array(PART),
    });
    expect(patched.status).toBe(204);
    const bucket = createS3Storage(server.options);
    expect(await keysIn(bucket)).toEqual([`${id}.info`]);
    expect(filesUnder(server.folder).filter((file) => file.includes('._S3rver_uploads/'))).not.toEqual([]);

    await new Promise((resolve) => setTimeout(resolve, 1500));
    // (The bucket's store counts the objects it removed: the record, and a short last part where there is one.)
    expect(await short.app.removeExpiredUploads()).toBeGreaterThan(0);
    expect(await keysIn(bucket)).toEqual([]);
    expect(filesUnder(server.folder).filter((file) => file.includes('._S3rver_uploads/'))).toEqual([]);
    expect([404, 410]).toContain((await fetch(url, { method: 'HEAD', headers })).status);
  } finally {
    await short.close();
    await server.close();
  }
});
