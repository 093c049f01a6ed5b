// Where media lives: a folder on this host (the embedded default) or an S3-compatible bucket (S3, R2, GCS's S3 API,
// MinIO), behind one interface. Keys are `<category>/<file>`, the same names as the local folders.
import type { Readable } from 'node:stream';

/** A byte range of an object, both ends included (as in `Range: bytes=start-end`). */
export type ByteRange = { start: number; end: number };

export type OpenedObject = { body: Readable; size: number; range?: ByteRange };

export type ObjectStorage = {
  readonly kind: 'local' | 's3';
  /**
   * Runs `job` with a path on this host holding the object: the file itself in a folder, or a temporary copy of a
   * bucket's object, removed when `job` ends (whether it succeeded or not).
   */
  withLocalFile<T>(key: string, job: (path: string) => Promise<T>): Promise<T>;
  /** Stores a file of this host as the object `key` (the file stays where it is). */
  putFile(key: string, path: string, contentType?: string): Promise<void>;
  /** Stores a file of this host as the object `key` and removes the file (a rename where it can be). */
  moveFile(key: string, path: string, contentType?: string): Promise<void>;
  /** Makes the object `from` the object `to`, `from` gone after (a rename in a folder, a copy inside a bucket). */
  move(from: string, to: string, contentType?: string): Promise<void>;
  /** The object, whole or the bytes of `range`; null when there is no such object. */
  open(key: string, range?: ByteRange): Promise<OpenedObject | null>;
  /** The object's size in bytes, or null when there is none. */
  sizeOf(key: string): Promise<number | null>;
  /**
   * A link that downloads the object straight from the storage for `seconds` (a bucket's presigned URL), with the
   * disposition a browser is to follow; null where the API serves the file itself (a folder).
   */
  downloadUrl(key: string, options: { seconds: number; disposition: string; contentType?: string }): Promise<string | null>;
  /** Removes the objects; a key with no object is no error. */
  remove(keys: readonly string[]): Promise<void>;
  /** Every object whose key starts with `prefix`, in key order. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
};

/** Keys are `<category>/<file>` of letters, digits, `.`, `_` and `-`: safe as a path and as an object key everywhere. */
export function checkedKey(key: string): string {
  if (!/^[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(key) || key.split('/').some((part) => part === '.' || part === '..')) {
    throw new Error(`Not a storage key: ${JSON.stringify(key)}`);
  }
  return key;
}
