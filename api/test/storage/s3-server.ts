// An S3-compatible server for the tests: s3rver (the S3 REST protocol on a folder), on a free port, with one bucket.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import S3rver from 's3rver';
import { withMultipartListing } from '../../scripts/s3rver-multipart.mjs';
import type { ObjectStorage } from '../../src/storage/object-storage';
import { type S3Options } from '../../src/config/providers';

export type TestS3 = { options: S3Options; folder: string; close: () => Promise<void> };

export async function startS3(bucket = 'kagami-test'): Promise<TestS3> {
  const folder = await mkdtemp(join(tmpdir(), 'kagami-s3-'));
  const server = withMultipartListing(
    new S3rver({ address: '127.0.0.1', port: 0, directory: folder, silent: true, configureBuckets: [{ name: bucket, configs: [] }] }),
    folder,
  );
  const { port } = (await server.run()) as { port: number };
  return {
    // s3rver knows one key pair, S3RVER/S3RVER.
    options: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    },
    folder,
    close: async () => {
      await server.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}

/** The variables that point Kagami at a test server's bucket. */
export const s3Env = (server: TestS3, publicEndpoint = true): Record<string, string> => ({
  S3_BUCKET: server.options.bucket,
  S3_ENDPOINT: server.options.endpoint!,
  ...(publicEndpoint ? { S3_PUBLIC_ENDPOINT: server.options.endpoint! } : {}),
  S3_ACCESS_KEY_ID: server.options.credentials!.accessKeyId,
  S3_SECRET_ACCESS_KEY: server.options.credentials!.secretAccessKey,
  S3_FORCE_PATH_STYLE: 'true',
});

/** Every file under `folder`, as paths relative to it. */
export const filesUnder = (folder: string) =>
  readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)));

/** The media files in a data folder: any file of a category's folder, or of the uploads'. */
export const mediaIn = (folder: string) =>
  filesUnder(folder).filter((file) => /^(avatar_input|avatar_output|audio_output|video_output|uploads)\//.test(file));

/** Every key in the storage. */
export const keysIn = async (storage: ObjectStorage) => {
  const keys: string[] = [];
  for await (const { key } of storage.list('')) keys.push(key);
  return keys;
};

/** An object's bytes. */
export const bytesOf = async (storage: ObjectStorage, key: string) => {
  const object = await storage.open(key);
  const chunks: Buffer[] = [];
  for await (const chunk of object!.body) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
