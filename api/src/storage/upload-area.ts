// Where resumable uploads (tus) are kept while they arrive. On local storage, a folder of the receiving API host
// (`DATA_DIR/uploads`). With a bucket, the bucket itself: each PATCH becomes a part of a multipart upload, and the
// upload's record is an object beside it, so any API host can take the next bytes of an upload another one began,
// and a finished upload is already in the bucket (named by its id at the bucket's root, as @tus/s3-store keeps it).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { FileStore } from '@tus/file-store';
import { S3Store } from '@tus/s3-store';
import type { DataStore } from '@tus/server';
import type { Config } from '../config';
import type { ObjectStorage } from './object-storage';
import { s3ClientConfig } from './s3-storage';

/** Parts of a multipart upload into the bucket (S3 wants at least 5 MiB but for the last). */
const PART_BYTES = 8 * 1024 * 1024;

export type UploadArea = {
  datastore: DataStore;
  /**
   * Runs `job` with a path of this host holding a finished upload: the file itself, or a temporary copy of the bucket's
   * object (ffmpeg's static build cannot resolve host names, so it cannot read the object by a link).
   */
  withLocal<T>(uploadId: string, job: (path: string) => Promise<T>): Promise<T>;
  /** Makes a finished upload the stored object `key`; the upload and its record are gone after. */
  adopt(uploadId: string, key: string, contentType: string): Promise<void>;
  /** Removes an upload and its record (a refused upload). */
  remove(uploadId: string): Promise<void>;
};

export function createUploadArea(
  config: Pick<Config, 's3' | 'dataDir'>,
  storage: ObjectStorage,
  options: { expiryMs: number },
): UploadArea {
  // tus names uploads with 32 hex digits: a key as it is.
  const [datastore, keyOf, recordOf] = config.s3
    ? [
        new S3Store({
          partSize: PART_BYTES,
          expirationPeriodInMilliseconds: options.expiryMs,
          // Tags mark finished uploads for a bucket's lifecycle rules; not every S3-compatible server has them.
          useTags: false,
          s3ClientConfig: { ...s3ClientConfig(config.s3), bucket: config.s3.bucket },
        }),
        (id: string) => id,
        (id: string) => `${id}.info`,
      ]
    : [
        new FolderStore({ directory: uploadsFolder(config), expirationPeriodInMilliseconds: options.expiryMs }),
        (id: string) => `uploads/${id}`,
        (id: string) => `uploads/${id}.json`,
      ];
  return {
    datastore,
    withLocal: (id, job) => storage.withLocalFile(keyOf(id), job),
    async adopt(id, key, contentType) {
      await storage.move(keyOf(id), key, contentType);
      await storage.remove([recordOf(id)]);
    },
    remove: (id) => storage.remove([keyOf(id), recordOf(id)]),
  };
}

/**
 * The folder's tus store, whose sweep expires unfinished uploads only. Its records never learn how much has arrived
 * (the file's size says), so FileStore's own sweep takes a finished upload for an unfinished one and removes its bytes
 * while the upload is still there to be used.
 */
class FolderStore extends FileStore {
  override async deleteExpired() {
    const expiry = this.getExpiration();
    const ids = expiry > 0 ? ((await this.configstore.list?.()) ?? []) : [];
    const expired: string[] = [];
    for (const id of ids) {
      const upload = await this.getUpload(id).catch(() => null);
      if (upload?.creation_date && upload.offset !== upload.size && Date.now() > Date.parse(upload.creation_date) + expiry)
        expired.push(id);
    }
    await Promise.all(expired.map((id) => this.remove(id)));
    return expired.length;
  }
}

/** The folder of this API host that local uploads arrive in. */
function uploadsFolder(config: Pick<Config, 'dataDir'>) {
  const folder = join(config.dataDir, 'uploads');
  mkdirSync(folder, { recursive: true });
  return folder;
}
