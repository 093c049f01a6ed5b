// No shared disk: an API and two workers, each with a data folder of its own (as on three hosts), on one PostgreSQL and
// one bucket, make an avatar, a voice and a video end to end; no host keeps media, and no job leaves temporary files.
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { installSecret } from '../../src/db/install-secrets';
import { readCredentials } from '../../src/engine/provenance/credentials';
import { sharedSigningIdentity } from '../../src/engine/provenance/signing-identity';
import { SpeechSynthesizer } from '../../src/engine/speech/synthesizer';
import { probeMedia } from '../../src/media/probe';
import { runFfmpeg } from '../../src/media/tools';
import { createS3Storage } from '../../src/storage/s3-storage';
import { build, call, eventually, onboardedUser, subscribe, uploadFile, type TestApp } from '../helper';
import { mediaDir, PORTRAIT } from '../media/fixtures';
import { bytesOf, filesUnder, keysIn, mediaIn, s3Env, startS3, type TestS3 } from './s3-server';

// PGlite cannot be shared by several processes: this needs a PostgreSQL server.
const describeWithPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeWithPostgres('an API and two workers on separate hosts', () => {
  const workers: ChildProcess[] = [];
  const hosts = mkdtempSync(join(tmpdir(), 'kagami-hosts-'));
  let s3: TestS3;
  let t: TestApp;
  let dir: string;

  afterAll(async () => {
    for (const worker of workers) worker.kill('SIGKILL');
    await t?.close();
    await s3?.close();
    rmSync(hosts, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  });

  test('make an avatar, a voice and a video through the bucket alone', async () => {
    dir = mediaDir();
    s3 = await startS3();
    // No link-signing secret nor signer is configured: the hosts share the ones the first to start made.
    const shared = { ...s3Env(s3), AVATAR_CONSENT: 'text' };
    t = await build({ ...shared, RUN_WORKER: 'false' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const workerHosts = ['worker-a', 'worker-b'].map((name) => {
      const host = { data: join(hosts, name, 'data'), temporary: join(hosts, name, 'tmp') };
      for (const folder of Object.values(host)) mkdirSync(folder, { recursive: true });
      workers.push(
        spawn(process.execPath, ['--import', 'tsx', 'src/worker.ts'], {
          cwd: join(__dirname, '..', '..'),
          env: { ...process.env, ...shared, DATABASE_URL: t.database.url!, DATA_DIR: host.data, TMPDIR: host.temporary, LOG_LEVEL: 'warn' },
          stdio: ['ignore', 'ignore', 'inherit'],
        }),
      );
      return host;
    });

    const owner = await onboardedUser(t.app, 'hosts@example.com', 'Hosts');
    await subscribe(t, owner.token, 'price_studio_month_usd');
    const base = `/api/teams/${owner.teamId}`;
    const get = (url: string) => call(t.app, { url, token: owner.token });
    const post = (url: string, body: unknown) => call(t.app, { method: 'POST', url, token: owner.token, body });
    const until = (url: string) =>
      eventually(
        () => get(url),
        (r) => r.body.status !== 'in_progress',
        180_000,
      );

    const jpeg = join(dir, 'portrait.jpg');
    await runFfmpeg(['-i', PORTRAIT.photo, '-vf', PORTRAIT.crop, jpeg]);
    const photo = await uploadFile(t.app, owner.token, owner.teamId, readFileSync(jpeg), 'avatar_photo');
    const avatar = await post(`${base}/avatars`, {
      name: 'Remote',
      language: 'en',
      upload_id: photo,
      consent_text: 'I, hosts@example.com, agree.',
    });
    const speech = new SpeechSynthesizer();
    const wav = Buffer.from((await speech.synthesize('This is my own voice, recorded on one host and modelled on another.', 'en')).wav);
    speech.close();
    const recording = await uploadFile(t.app, owner.token, owner.teamId, wav, 'voice_audio');
    const voice = await post(`${base}/voices`, { name: 'Remote voice', language: 'en', upload_id: recording });
    expect((await until(`${base}/avatars/${avatar.body.id}`)).body).toMatchObject({ status: 'ready', reason: null });
    expect((await until(`${base}/voices/${voice.body.id}`)).body).toMatchObject({ status: 'ready', reason: null });
    const video = await post(`${base}/videos`, {
      name: 'Made elsewhere',
      avatar_id: avatar.body.id,
      voice_id: voice.body.id,
      language: 'en',
      script: 'Made on one host, kept in the bucket.',
    });
    expect((await until(`${base}/videos/${video.body.id}`)).body).toMatchObject({ status: 'ready', reason: null });

    const bucket = createS3Storage(s3.options);
    const made = await bytesOf(bucket, `video_output/${video.body.id}.mp4`);
    writeFileSync(join(dir, 'made.mp4'), made);
    expect(await probeMedia(join(dir, 'made.mp4'))).toMatchObject({ video: { codec: 'h264' }, audio: { codec: 'aac' } });
    // Signed on a worker's host with the certificate the API's host reads as its own.
    const identity = await sharedSigningIdentity((make) => installSecret(t.database.db, 'content-credentials', make), {
      warn: () => undefined,
    });
    expect(await readCredentials(identity, join(dir, 'made.mp4'))).toMatchObject({ kagami: true, altered: false });
    expect(await keysIn(bucket)).toEqual(
      expect.arrayContaining([`avatar_output/${avatar.body.id}-loop.mp4`, `audio_output/${voice.body.id}.mp3`]),
    );
    // No host keeps media; no job left files in the workers' temporary folders.
    expect(mediaIn(t.config.dataDir)).toEqual([]);
    for (const host of workerHosts) {
      expect(mediaIn(host.data)).toEqual([]);
      // (tsx keeps its compile cache there too.)
      expect(filesUnder(host.temporary).filter((file) => file.startsWith('kagami-'))).toEqual([]);
    }
  }, 600_000);
});
