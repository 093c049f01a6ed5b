import { spawnSync } from 'node:child_process';
import { createConnection } from 'node:net';
import { join } from 'node:path';

const root = join(__dirname, '..', '..');

const listening = (port: number) =>
  new Promise<boolean>((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    socket.once('connect', () => resolve(socket.destroy() === socket));
    socket.once('error', () => resolve(false));
  });

test('measure:initial-js without Chromium says what is missing and how to install it, and leaves nothing running', async () => {
  const result = spawnSync(process.execPath, [join(root, 'scripts', 'measure-initial-js.mjs')], {
    cwd: root,
    env: { ...process.env, CHROMIUM_PATH: join(root, 'no-such-chromium') },
    encoding: 'utf8',
    timeout: 60_000,
  });
  expect(result.status).toBe(1);
  expect(result.stderr).toContain('No Chromium found');
  expect(result.stderr).toContain('apt-get install -y chromium');
  expect(result.stderr).not.toMatch(/executablePath|TypeError/);
  expect(await listening(3200)).toBe(false);
});
