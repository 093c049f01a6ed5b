// What running several API and worker processes side by side (docker-compose) relies on.
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../src/config';
import { buildApp } from '../src/app';
import { connectDatabase } from '../src/db/connect';
import { call, openTestDatabase } from './helper';

/** One process loading the signing key of `dir`, as the API and each worker do at start. */
const keyOf = (dir: string) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        '-e',
        `process.stdout.write(require('./src/domains/assets/signing').loadSigningKey(${JSON.stringify(dir)}).toString())`,
      ],
      { cwd: join(__dirname, '..') },
    );
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`exit ${code}`))));
  });

test('processes that start together on one data folder all keep the same signing key', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'signing-'));
  try {
    const keys = await Promise.all(Array.from({ length: 6 }, () => keyOf(dir)));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0]).toMatch(/^[0-9a-f]{64}$/);
    expect(readdirSync(dir)).toEqual(['asset-signing.key']);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('readiness answers 503 once the database is gone, 200 while it answers', async () => {
  const database = await openTestDatabase();
  const app = await buildApp(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(join(tmpdir(), 'ready-')) }), {
    database,
  });
  expect((await call(app, { url: '/api/health' })).status).toBe(200);
  await database.close();
  const down = await call(app, { url: '/api/health' });
  expect(down.status).toBe(503);
  expect(down.body.status).toBe('unavailable');
  await app.close().catch(() => undefined);
});

const describeWithPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;

describeWithPostgres('replicas starting together', () => {
  test('migrate one at a time: every one starts, each migration is applied once', async () => {
    const fresh = await openTestDatabase();
    const url = fresh.url!;
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    await client.query('drop schema drizzle cascade; drop schema public cascade; create schema public');
    const handles = await Promise.all(Array.from({ length: 4 }, () => connectDatabase({ databaseUrl: url, dataDir: null })));
    const { rows } = await client.query('select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash');
    await client.end();
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((row: { n: number }) => row.n === 1)).toBe(true);
    await Promise.all(handles.map((handle) => handle.close()));
    await fresh.close();
  });
});
