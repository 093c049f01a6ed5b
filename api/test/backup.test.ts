// Backups: an install's database and files, written while it runs and restored into a fresh folder
// (and, on PostgreSQL, a fresh database) where every user, avatar and video is found again, files too.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connectDatabase } from '../src/db/connect';
import { avatars, users, videos } from '../src/db/schema';
import { restoreEmbedded, restorePostgres } from '../src/ops/backup';
import { configuredStorage } from '../src/storage/configured-storage';
import { onboardedUser, openTestDatabase } from './helper';

const localPlaces = (dataDir: string) => ({ dataDir, storage: configuredStorage({ dataDir }) });
const folder = (label: string) => mkdtempSync(join(tmpdir(), `kagami-backup-${label}-`));

/** An install with two people, an avatar and a video whose file is on disk. */
async function populate(app: Awaited<ReturnType<typeof buildApp>>, db: Awaited<ReturnType<typeof connectDatabase>>['db'], dataDir: string) {
  const ann = await onboardedUser(app, 'ann@example.com', 'Ann team');
  await onboardedUser(app, 'bo@example.com', 'Bo team');
  const [avatar] = await db
    .insert(avatars)
    .values({
      teamId: ann.teamId,
      name: 'Ann',
      language: 'en',
      status: 'ready',
      source: 'a.mp4',
      consentText: 'I agree',
      consentAt: new Date(),
    })
    .returning();
  await db
    .insert(videos)
    .values({ teamId: ann.teamId, avatarId: avatar!.id, name: 'Hello', language: 'en', status: 'ready', output: 'hello.mp4' });
  writeFileSync(join(dataDir, 'video_output', 'hello.mp4'), 'the video bytes');
}

async function expectRestored(dataDir: string, databaseUrl?: string) {
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    RUN_WORKER: 'false',
    DATA_DIR: dataDir,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  const database = await connectDatabase({ dataDir: databaseUrl ? null : dataDir, databaseUrl });
  const app = await buildApp(config, { database });
  try {
    const db = database.db;
    expect((await db.select({ email: users.email }).from(users)).map((u) => u.email).sort()).toEqual(['ann@example.com', 'bo@example.com']);
    expect((await db.select({ name: avatars.name }).from(avatars)).map((a) => a.name)).toEqual(['Ann']);
    expect((await db.select({ name: videos.name }).from(videos)).map((v) => v.name)).toEqual(['Hello']);
    expect(readFileSync(join(dataDir, 'video_output', 'hello.mp4'), 'utf8')).toBe('the video bytes');
    const login = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'ann@example.com', password: 'correct-horse-9' },
    });
    expect(login.statusCode).toBe(200);
  } finally {
    await app.close();
    await database.close();
  }
}

test('embedded: a backup written by the running API restores into a fresh folder with every user, avatar and video', async () => {
  const dataDir = folder('live');
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RUN_WORKER: 'false', DATA_DIR: dataDir });
  const database = await connectDatabase({ dataDir });
  const app = await buildApp(config, { database });
  const target = join(folder('out'), 'backup');
  try {
    await populate(app, database.db, dataDir);
    const manifest = await app.writeBackup(target);
    expect(manifest).toMatchObject({ kind: 'pglite' });
    // Still serving while and after it backs up.
    expect((await app.inject({ url: '/api/health' })).statusCode).toBe(200);
  } finally {
    await app.close();
    await database.close();
  }
  const restored = folder('restored');
  await restoreEmbedded(target, localPlaces(restored));
  await expectRestored(restored);
  await expect(restoreEmbedded(target, localPlaces(restored))).rejects.toThrow(/already holds a database/);
}, 120_000);

test('the backup command asks a running embedded API for the backup, and restore brings it back', async () => {
  const dataDir = folder('served');
  const api = resolve(__dirname, '..');
  const server = execFile(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: api,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '3277', LOG_LEVEL: 'warn', RUN_WORKER: 'false', NODE_ENV: 'test', DATABASE_URL: '' },
  });
  try {
    for (
      let i = 0;
      i < 150 &&
      !(await fetch('http://127.0.0.1:3277/api/health').then(
        (r) => r.ok,
        () => false,
      ));
      i++
    )
      await new Promise((r) => setTimeout(r, 200));
    const target = join(folder('cmd'), 'b');
    const run = (args: string[], env: Record<string, string>) =>
      new Promise<{ code: number; output: string }>((done) =>
        execFile(
          process.execPath,
          ['--import', 'tsx', 'scripts/backup.ts', ...args],
          { cwd: api, env: { ...process.env, DATABASE_URL: '', ...env } },
          (error, stdout, stderr) => done({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr }),
        ),
      );
    const backedUp = await run(['backup', target], { DATA_DIR: dataDir });
    expect(backedUp.output).toMatch(/Backed up the pglite database/);
    expect(existsSync(join(target, 'database.tar.gz'))).toBe(true);
    const restored = folder('cmd-restored');
    const restore = await run(['restore', target], { DATA_DIR: restored });
    expect(restore).toMatchObject({ code: 0 });
    expect(existsSync(join(restored, 'db'))).toBe(true);
  } finally {
    server.kill('SIGTERM');
  }
}, 120_000);

const postgres = process.env.TEST_DATABASE_URL ? test : test.skip;
postgres(
  'PostgreSQL: pg_dump and the files restore into a fresh database and folder',
  async () => {
    const source = await openTestDatabase();
    const dataDir = folder('pg');
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RUN_WORKER: 'false', DATA_DIR: dataDir, DATABASE_URL: source.url! });
    const app = await buildApp(config, { database: source });
    const target = join(folder('pg-out'), 'backup');
    try {
      await populate(app, source.db, dataDir);
      expect(await app.writeBackup(target)).toMatchObject({ kind: 'postgres' });
    } finally {
      await app.close();
      await source.close();
    }
    const name = `kagami_restore_${Date.now()}`;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    try {
      const restored = folder('pg-restored');
      await restorePostgres(target, url.toString(), localPlaces(restored));
      await expectRestored(restored, url.toString());
    } finally {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    }
  },
  120_000,
);
