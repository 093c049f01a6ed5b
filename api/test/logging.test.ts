import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

/** The messages the API logs from its start to its stop, with three requests in between. */
async function messagesOf(env: Record<string, string>) {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kagami-logging-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(__dirname, '..'),
    env: { ...process.env, NODE_ENV: 'test', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  try {
    const base = `http://127.0.0.1:${port}`;
    for (
      let tries = 0;
      !(await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
      tries += 1
    ) {
      if (tries > 200) throw new Error(`the API did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await fetch(`${base}/api/health`);
    await fetch(`${base}/api/no-such-route`);
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  }
  return output
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { msg: string }).msg);
}

test('by default the API says it is ready and logs no request', async () => {
  const messages = await messagesOf({});
  expect(messages.some((message) => message.startsWith('Kagami API ready on http://127.0.0.1:'))).toBe(true);
  expect(messages.filter((message) => /incoming request|request completed/.test(message))).toEqual([]);
}, 60_000);

test('LOG_LEVEL=debug logs every request', async () => {
  const messages = await messagesOf({ LOG_LEVEL: 'debug' });
  expect(messages.filter((message) => message === 'incoming request').length).toBeGreaterThanOrEqual(3);
}, 60_000);
