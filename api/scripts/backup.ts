// pnpm backup <folder> | pnpm restore <folder>: the install named by DATA_DIR (and DATABASE_URL when it
// uses PostgreSQL), read as the API reads them. A running embedded API writes the backup itself
// (asked with SIGUSR2), so the backup is consistent while it runs; a stopped one is opened here.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { acquireFolderLock } from '../src/db/folder-lock';
import { loadConfig } from '../src/config';
import { configuredStorage } from '../src/storage/configured-storage';
import { BACKUP_REQUEST, backupEmbedded, backupPostgres, restoreEmbedded, restorePostgres } from '../src/ops/backup';

const here = process.env.INIT_CWD ?? process.cwd();
const at = (path: string) => (isAbsolute(path) ? path : resolve(here, path));
const dataDir = at(process.env.DATA_DIR ?? 'data');
const databaseUrl = process.env.DATABASE_URL || undefined;
const places = { dataDir, storage: configuredStorage({ dataDir, s3: loadConfig(process.env).s3 }) };

function runningPid() {
  const lock = join(dataDir, 'db.lock');
  if (!existsSync(lock)) return null;
  const pid = Number(readFileSync(lock, 'utf8'));
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    return null;
  }
}

async function askRunningApi(pid: number, target: string) {
  writeFileSync(join(dataDir, BACKUP_REQUEST), target);
  process.kill(pid, 'SIGUSR2');
  for (const deadline = Date.now() + 30 * 60_000; Date.now() < deadline;) {
    if (existsSync(join(target, 'DONE'))) return JSON.parse(await readFile(join(target, 'DONE'), 'utf8'));
    if (existsSync(join(target, 'FAILED')))
      throw new Error(`The API could not write the backup: ${await readFile(join(target, 'FAILED'), 'utf8')}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('The API did not write the backup within 30 minutes.');
}

async function backup(target: string) {
  if (databaseUrl) return backupPostgres(databaseUrl, places, target);
  const pid = runningPid();
  if (pid) return askRunningApi(pid, target);
  const release = acquireFolderLock(join(dataDir, 'db.lock'));
  const pglite = await PGlite.create(join(dataDir, 'db'));
  try {
    return await backupEmbedded(pglite, places, target);
  } finally {
    await pglite.close();
    release();
  }
}

async function main() {
  const [command, folder] = process.argv.slice(2);
  if ((command !== 'backup' && command !== 'restore') || !folder) {
    console.error('Usage: pnpm backup <folder> | pnpm restore <folder>   (DATA_DIR and DATABASE_URL as for the API)');
    process.exit(2);
  }
  const target = at(folder);
  if (command === 'backup') {
    const manifest = await backup(target);
    console.log(`Backed up the ${manifest.kind} database and ${manifest.files} files of ${dataDir} to ${target}.`);
  } else {
    const manifest = databaseUrl ? await restorePostgres(target, databaseUrl, places) : await restoreEmbedded(target, places);
    console.log(`Restored the ${manifest.kind} backup of ${manifest.createdAt} into ${dataDir}${databaseUrl ? ' and the database' : ''}.`);
  }
}

main().catch((error) => {
  console.error((error as Error).message);
  process.exit(1);
});
