// Media in a folder of this host (DATA_DIR): each key a file under it. The embedded default.
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { checkedKey, type ObjectStorage } from './object-storage';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export function createLocalStorage(root: string): ObjectStorage {
  const pathOf = (key: string) => join(root, checkedKey(key));
  const sizeOf = async (key: string) => {
    const found = await stat(pathOf(key)).catch((error: unknown) => (missing(error) ? null : Promise.reject(error)));
    return found?.isFile() ? found.size : null;
  };

  async function* walk(folder: string): AsyncGenerator<string> {
    const entries = await readdir(folder, { withFileTypes: true }).catch((error: unknown) => (missing(error) ? [] : Promise.reject(error)));
    for (const entry of entries) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) yield* walk(path);
      else if (entry.isFile()) yield path;
    }
  }

  return {
    kind: 'local',
    withLocalFile: async (key, job) => job(pathOf(key)),
    async putFile(key, path) {
      const to = pathOf(key);
      if (to === path) return;
      await mkdir(dirname(to), { recursive: true });
      await copyFile(path, to);
    },
    async moveFile(key, path) {
      const to = pathOf(key);
      await mkdir(dirname(to), { recursive: true });
      // A rename where both are on one disk; a copy from another (the system's temporary folder on a mounted volume).
      await rename(path, to).catch(async () => {
        await copyFile(path, to);
        await rm(path, { force: true });
      });
    },
    async move(from, to) {
      await mkdir(dirname(pathOf(to)), { recursive: true });
      await rename(pathOf(from), pathOf(to));
    },
    async open(key, range) {
      const size = await sizeOf(key);
      if (size === null) return null;
      if (!range) return { body: createReadStream(pathOf(key)), size };
      const end = Math.min(range.end, size - 1);
      return { body: createReadStream(pathOf(key), { start: range.start, end }), size, range: { start: range.start, end } };
    },
    sizeOf,
    downloadUrl: async () => null,
    async remove(keys) {
      await Promise.all(keys.map((key) => rm(pathOf(key), { force: true })));
    },
    async *list(prefix) {
      if (!/^[A-Za-z0-9._/-]*$/.test(prefix) || prefix.split('/').includes('..')) {
        throw new Error(`Not a storage prefix: ${JSON.stringify(prefix)}`);
      }
      // The folder that holds every key with this prefix; its keys sorted as a bucket lists them (by code unit).
      const folder = prefix.includes('/') ? join(root, prefix.slice(0, prefix.lastIndexOf('/'))) : root;
      const keys: string[] = [];
      for await (const path of walk(folder)) {
        const key = relative(root, path).split(sep).join('/');
        if (key.startsWith(prefix)) keys.push(key);
      }
      for (const key of keys.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))) yield { key, size: (await stat(join(root, key))).size };
    },
  };
}
