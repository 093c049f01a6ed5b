import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A PostgreSQL server of the suite's own, in a temporary folder, so a test can stop and start it
 * without touching the machine's shared server. Null when the server's programs are not installed.
 */
export type PrivatePostgres = { url: string; stop: () => void; start: () => void; remove: () => void };

function serverPrograms(): string | null {
  const fromConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  const candidates = [
    fromConfig.status === 0 ? fromConfig.stdout.trim() : '',
    ...(existsSync('/usr/lib/postgresql')
      ? readdirSync('/usr/lib/postgresql')
          .sort((a, b) => Number(b) - Number(a))
          .map((version) => `/usr/lib/postgresql/${version}/bin`)
      : []),
  ];
  return candidates.find((dir) => dir && existsSync(join(dir, 'initdb')) && existsSync(join(dir, 'pg_ctl'))) ?? null;
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

export async function privatePostgres(): Promise<PrivatePostgres | null> {
  const bin = serverPrograms();
  if (!bin) return null;
  const port = await freePort();
  const root = mkdtempSync(join(tmpdir(), 'kagami-pg-'));
  const dataDir = join(root, 'data');
  // The server refuses to run as root; the machine's `postgres` account owns the folder then.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const { uid, gid } = accountIds('postgres');
    chownSync(root, uid, gid);
    chmodSync(root, 0o700);
  }
  const run = (program: string, args: string[]) =>
    asRoot
      ? execFileSync('runuser', ['-u', 'postgres', '--', join(bin, program), ...args], { stdio: 'pipe' })
      : execFileSync(join(bin, program), args, { stdio: 'pipe' });
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -c listen_addresses=127.0.0.1 -c unix_socket_directories=${root} -c fsync=off`;
  const start = () => void run('pg_ctl', ['-D', dataDir, '-o', options, '-l', join(root, 'log'), '-w', 'start']);
  const stop = () => void run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    remove: () => {
      try {
        stop();
      } catch {
        // already stopped
      }
      rmSync(root, { recursive: true, force: true });
    },
  };
}

function accountIds(name: string) {
  const line = execFileSync('getent', ['passwd', name], { encoding: 'utf8' }).split(':');
  return { uid: Number(line[2]), gid: Number(line[3]) };
}
