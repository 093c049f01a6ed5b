// Backups of everything a Kagami install keeps: the database (the embedded PGlite folder, or PostgreSQL
// through pg_dump) and the files: the data folder's (keys, unfinished uploads) and the media (avatars, voices,
// videos), in the data folder or the bucket. A backup is a folder: manifest.json, the database (database.tar.gz or
// database.dump) and files/, with the media under their categories as on local storage.
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { createWriteStream, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { runTool } from '../media/tools';
import { ASSET_CATEGORIES, type AssetCategory } from '../storage/media-store';
import type { ObjectStorage } from '../storage/object-storage';

/** Kept out of a backup: the database's own folder and lock, and earlier backups. */
const NOT_FILES = new Set(['db', 'db.lock', 'backups', 'backup-request']);

export type Manifest = { kind: 'pglite' | 'postgres'; createdAt: string; files: number };

/** Where an install keeps its files: the data folder, and the storage of its media (that folder, or a bucket). */
export type FilePlaces = { dataDir: string; storage: ObjectStorage };

const inBucket = (places: FilePlaces, name: string) => places.storage.kind === 's3' && ASSET_CATEGORIES.includes(name as AssetCategory);

async function copyFiles(places: FilePlaces, to: string) {
  await mkdir(to, { recursive: true });
  let count = 0;
  for (const entry of await readdir(places.dataDir, { withFileTypes: true })) {
    if (NOT_FILES.has(entry.name) || inBucket(places, entry.name)) continue;
    await cp(join(places.dataDir, entry.name), join(to, entry.name), { recursive: true });
    count += entry.isDirectory() ? (await readdir(join(places.dataDir, entry.name), { recursive: true })).length : 1;
  }
  if (places.storage.kind !== 's3') return count;
  for (const category of ASSET_CATEGORIES) {
    for await (const { key } of places.storage.list(`${category}/`)) {
      const object = await places.storage.open(key);
      if (!object) continue; // deleted since it was listed
      await mkdir(dirname(join(to, key)), { recursive: true });
      await pipeline(object.body, createWriteStream(join(to, key)));
      count += 1;
    }
  }
  return count;
}

/** The backup's files into the data folder, and its media into the bucket when the media are kept in one. */
export async function restoreFiles(backup: string, places: FilePlaces) {
  await mkdir(places.dataDir, { recursive: true });
  const files = join(backup, 'files');
  for (const entry of await readdir(files, { withFileTypes: true })) {
    if (!inBucket(places, entry.name)) {
      await cp(join(files, entry.name), join(places.dataDir, entry.name), { recursive: true });
      continue;
    }
    for (const name of await readdir(join(files, entry.name))) {
      await places.storage.putFile(`${entry.name}/${name}`, join(files, entry.name, name));
    }
  }
}

/**
 * The embedded database as one consistent snapshot (taken inside the process that has it open, between
 * two statements), then the files: every file a row of the snapshot names was written before it.
 */
export async function backupEmbedded(pglite: PGlite, places: FilePlaces, target: string): Promise<Manifest> {
  await mkdir(target, { recursive: true });
  const dump = await pglite.dumpDataDir('gzip');
  await writeFile(join(target, 'database.tar.gz'), Buffer.from(await dump.arrayBuffer()));
  return finish(target, 'pglite', await copyFiles(places, join(target, 'files')));
}

/** PostgreSQL with pg_dump (a consistent snapshot by itself), then the files. */
export async function backupPostgres(databaseUrl: string, places: FilePlaces, target: string): Promise<Manifest> {
  await mkdir(target, { recursive: true });
  await runTool('pg_dump', ['--format=custom', '--no-owner', `--file=${join(target, 'database.dump')}`, databaseUrl]);
  return finish(target, 'postgres', await copyFiles(places, join(target, 'files')));
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
export async function restoreEmbedded(backup: string, places: FilePlaces) {
  const { dataDir } = places;
  const manifest = await readManifest(backup);
  if (manifest.kind !== 'pglite') throw new Error('This backup is of a PostgreSQL database: restore it with DATABASE_URL set.');
  if (existsSync(join(dataDir, 'db'))) throw new Error(`${dataDir} already holds a database: restore into a new folder.`);
  await mkdir(dataDir, { recursive: true });
  const dump = new Blob([await readFile(join(backup, 'database.tar.gz'))]);
  const pglite = await PGlite.create(join(dataDir, 'db'), { loadDataDir: dump });
  await pglite.close();
  await restoreFiles(backup, places);
  return manifest;
}

/** Restores into an empty PostgreSQL database, and the files into the data folder (and the bucket). */
export async function restorePostgres(backup: string, databaseUrl: string, places: FilePlaces) {
  const manifest = await readManifest(backup);
  if (manifest.kind !== 'postgres') throw new Error('This backup is of the embedded database: restore it without DATABASE_URL.');
  await runTool('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${databaseUrl}`, join(backup, 'database.dump')]);
  await restoreFiles(backup, places);
  return manifest;
}

/** For the command line: a running embedded API is asked (SIGUSR2) to write the backup itself. */
export const BACKUP_REQUEST = 'backup-request';
export async function removeRequest(dataDir: string) {
  await rm(join(dataDir, BACKUP_REQUEST), { force: true });
}
