// A pid-file lock on the embedded database's folder, so that two processes never write one PGlite folder; the lock of
// a process that died is taken over.
import { openSync, closeSync, writeSync, readFileSync, unlinkSync } from 'node:fs';

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no lock of its own and two processes writing one folder lose data,
 * so the embedded database is guarded by a pid file. A stale lock (dead pid) is taken over.
 */
export function acquireFolderLock(path: string): () => void {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    try {
      const fd = openSync(path, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => {
        try {
          unlinkSync(path);
        } catch {
          /* already gone */
        }
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const pid = Number(readFileSync(path, 'utf8'));
      if (pid && pid !== process.pid && processIsAlive(pid)) {
        throw new Error(
          `The embedded database at ${path.replace(/\.lock$/, '')} is in use by process ${pid}. ` +
            'Stop it, or set DATABASE_URL to share a PostgreSQL server between processes.',
          { cause: error },
        );
      }
      unlinkSync(path);
    }
  }
  throw new Error(`Could not take the database lock ${path}`);
}
