// Backups of everything a Kagami install keeps: the database (the embedded PGlite folder, or PostgreSQL
// through pg_dump) and the files (uploads, avatars, voices, videos) in the data folder. A backup is a
// folder: manifest.json, the database (database.tar.gz or database.dump) and files/.
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { runTool } from '../media/tools';

/** Kept out of a backup: the database's own folder and lock, and earlier backups. */
const NOT_FILES = new Set(['db', 'db.lock', 'backups', 'backup-request']);

export type Manifest = { kind: 'pglite' | 'postgres'; createdAt: string; files: number };

async function copyFiles(from: string, to: string) {
  await mkdir(to, { recursive: true });
  let count = 0;
  for (const entry of await readdir(from, { withFileTypes: true })) {
    if (NOT_FILES.has(entry.name)) continue;
    await cp(join(from, entry.name), join(to, entry.name), { recursive: true });
    count += entry.isDirectory() ? (await readdir(join(from, entry.name), { recursive: true })).length : 1;
  }
  return count;
}

/**
 * The embedded database as one consistent snapshot (taken inside the process that has it open, between
 * two statements), then the files: every file a row of the snapshot names was written before it.
 */
export async function backupEmbedded(pglite: PGlite, dataDir: string, target: string): Promise<Manifest> {
  await mkdir(target, { recursive: true });
  const dump = await pglite.dumpDataDir('gzip');
  await writeFile(join(target, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
  return finish(target, 'pglite', await copyFiles(dataDir, join(target, 'files')));
}

/** PostgreSQL with pg_dump (a consistent snapshot by itself), then the files. */
export async function backupPostgres(databaseUrl: string, dataDir: string, target: string): Promise<Manifest> {
  await mkdir(target, { recursive: true });
  await runTool('pg_dump', ['--format=custom', '--no-owner', `--file=${join(target, 'database.dump')}`, databaseUrl]);
  return finish(target, 'postgres', await copyFiles(dataDir, join(target, 'files')));
}

async function finish(target: string, kind: Manifest['kind'], files: number) {
  const manifest: Manifest = { kind, createdAt: new Date().toISOString(), files };
  await writeFile(join(target, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
  return manifest;
}

export async function readManifest(backup: string): Promise<Manifest> {
  return JSON.parse(await readFile(join(backup, 'manifest.json'), 'utf8')) as Manifest;
}

/** Restores into a data folder that must not hold a database yet (nothing is overwritten). */
export async function restoreEmbedded(backup: string, dataDir: string) {
  const manifest = await readManifest(backup);
  if (manifest.kind !== 'pglite') throw new Error('This backup is of a PostgreSQL database: restore it with DATABASE_URL set.');
  if (existsSync(join(dataDir, 'db'))) throw new Error(`${dataDir} already holds a database: restore into a new folder.`);
  await mkdir(dataDir, { recursive: true });
  const dump = new Blob([await readFile(join(backup, 'database.tar.gz'))]);
  const pglite = await PGlite.create(join(dataDir, 'db'), { loadDataDir: dump });
  await pglite.close();
  await cp(join(backup, 'files'), dataDir, { recursive: true });
  return manifest;
}

/** Restores into an empty PostgreSQL database, and the files into the data folder. */
export async function restorePostgres(backup: string, databaseUrl: string, dataDir: string) {
  const manifest = await readManifest(backup);
  if (manifest.kind !== 'postgres') throw new Error('This backup is of the embedded database: restore it without DATABASE_URL.');
  await runTool('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${databaseUrl}`, join(backup, 'database.dump')]);
  await mkdir(dataDir, { recursive: true });
  await cp(join(backup, 'files'), dataDir, { recursive: true });
  return manifest;
}

/** For the command line: a running embedded API is asked (SIGUSR2) to write the backup itself. */
export const BACKUP_REQUEST = 'backup-request';
export async function removeRequest(dataDir: string) {
  await rm(join(dataDir, BACKUP_REQUEST), { force: true });
}
