// An S3-compatible server for the tests: s3rver (the S3 REST protocol on a folder), on a free port, with one bucket.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import type { S3Options } from '../../src/storage/s3-storage';

export type TestS3 = { options: S3Options; folder: string; close: () => Promise<void> };

export async function startS3(bucket = 'kagami-test'): Promise<TestS3> {
  const folder = await mkdtemp(join(tmpdir(), 'kagami-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory: folder,
    silent: true,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = (await server.run()) as { port: number };
  return {
    // s3rver knows one key pair, S3RVER/S3RVER.
    options: {
      bucket,
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    folder,
    close: async () => {
      await server.close();
      await rm(folder, { recursive: true, force: true });
    },
  };
}
