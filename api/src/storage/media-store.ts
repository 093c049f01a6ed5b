// The product's media by category and file name (as the rows keep them), over the configured object storage. Jobs
// borrow inputs as local files and make outputs in a folder of their own; both are gone when the job ends.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, extname, join } from 'node:path';
import { checkedKey, type ObjectStorage } from './object-storage';

/** SPEC §3 asset categories: the first part of every key (and a folder under DATA_DIR on local storage). */
export const ASSET_CATEGORIES = ['avatar_input', 'avatar_output', 'audio_output', 'video_output'] as const;
export type AssetCategory = (typeof ASSET_CATEGORIES)[number];

/** A stored file: its category and its name. */
export type StoredFile = readonly [AssetCategory, string];

const CONTENT_TYPES: Record<string, string> = {
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.wav': 'audio/wav',
  '.mp3': 'audio/mpeg',
  '.m4a': 'audio/mp4',
  '.ogg': 'audio/ogg',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.png': 'image/png',
  '.webp': 'image/webp',
  '.srt': 'application/x-subrip',
  '.vtt': 'text/vtt',
};

/** The media type a file of this name is served as. */
export const contentTypeOf = (file: string) => CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';

type LocalPaths<F> = { [K in keyof F]: F[K] extends StoredFile ? string : string | null };

export type MediaStore = ReturnType<typeof createMediaStore>;

/** `workDir`: where jobs make their files (default: the system's temporary folder). */
export function createMediaStore(storage: ObjectStorage, workDir?: string) {
  const keyOf = (category: AssetCategory, file: string) => checkedKey(`${category}/${basename(file)}`);

  return {
    storage,
    keyOf,
    /**
     * Runs `job` with a path of this host for each stored file named (a name given null gets null); copies of a
     * bucket's objects are removed when the job ends.
     */
    withLocal<F extends Record<string, StoredFile | null>, T>(files: F, job: (paths: LocalPaths<F>) => Promise<T>): Promise<T> {
      const entries = Object.entries(files);
      const lend = (at: number, paths: Record<string, string | null>): Promise<T> => {
        if (at === entries.length) return job(paths as LocalPaths<F>);
        const [name, file] = entries[at]!;
        if (!file) return lend(at + 1, { ...paths, [name]: null });
        return storage.withLocalFile(keyOf(...file), (path) => lend(at + 1, { ...paths, [name]: path }));
      };
      return lend(0, {});
    },
    /** Runs `job` with a new empty folder of this host for what it makes; the folder is removed when the job ends. */
    async workspace<T>(job: (folder: string) => Promise<T>): Promise<T> {
      const parent = workDir ?? tmpdir();
      await mkdir(parent, { recursive: true });
      const folder = await mkdtemp(join(parent, 'kagami-job-'));
      try {
        return await job(folder);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    /** Stores a file made on this host (which is moved, not copied, where it can be). */
    store: (category: AssetCategory, file: string, path: string) => storage.moveFile(keyOf(category, file), path, contentTypeOf(file)),
    exists: async (category: AssetCategory, file: string) => (await storage.sizeOf(keyOf(category, file))) !== null,
    /** Removes stored files; names that are null, or name nothing stored, are passed over. */
    async remove(category: AssetCategory, ...files: (string | null | undefined)[]) {
      const keys = files.filter((file): file is string => Boolean(file)).map((file) => keyOf(category, file));
      if (keys.length) await storage.remove(keys);
    },
  };
}
