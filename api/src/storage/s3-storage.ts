// Media in an S3-compatible bucket (AWS S3, Cloudflare R2, GCS's S3 API, MinIO): the API and workers on any host
// share it, and browsers download by presigned links.
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { checkedKey, type ObjectStorage } from './object-storage';
import type { S3Options } from '../config/providers';

/** DeleteObjects takes at most this many keys. */
const DELETE_BATCH = 1000;
/** Parts of a multipart upload of a large file. */
const PART_BYTES = 8 * 1024 * 1024;

/** The client's settings, shared with anything else that talks to the bucket (the tus uploads' store). */
export function s3ClientConfig(options: S3Options): S3ClientConfig {
  return {
    region: options.region,
    endpoint: options.endpoint,
    forcePathStyle: options.forcePathStyle,
    credentials: options.credentials,
    // Since 3.729 the SDK sends streamed bodies aws-chunked with a trailing checksum unless told otherwise; servers
    // other than AWS's may store the framing as data (s3rver does). Checksums only where an operation requires one.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  };
}

const isMissing = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

/**
 * Whether the bucket can be reached with these settings (HeadBucket): at start-up, so a wrong address, name or key
 * says so at once instead of failing the first upload. Throws a sentence for the operator.
 */
export async function checkBucket(options: S3Options) {
  const client = new S3Client({ ...s3ClientConfig(options), maxAttempts: 2 });
  const where = options.endpoint ?? `AWS S3 (${options.region})`;
  try {
    await client.send(new HeadBucketCommand({ Bucket: options.bucket }));
  } catch (error) {
    const { name, message, $metadata } = error as { name?: string; message?: string; $metadata?: { httpStatusCode?: number } };
    const status = $metadata?.httpStatusCode;
    const why =
      status === 404
        ? 'there is no such bucket'
        : status === 403 || status === 401
          ? 'the key was refused (S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY)'
          : `${name ?? 'error'}: ${message ?? status ?? ''}`;
    throw new Error(`The bucket ${options.bucket} at ${where} cannot be used: ${why}`, { cause: error });
  } finally {
    client.destroy();
  }
}

export function createS3Storage(options: S3Options): ObjectStorage {
  const client = new S3Client(s3ClientConfig(options));
  // Presigning signs the host too: links for browsers are signed for the address they reach.
  const linkClient =
    options.downloadEndpoint && options.downloadEndpoint !== options.endpoint
      ? new S3Client(s3ClientConfig({ ...options, endpoint: options.downloadEndpoint }))
      : client;
  const Bucket = options.bucket;

  const sizeOf = async (key: string) => {
    try {
      const head = await client.send(new HeadObjectCommand({ Bucket, Key: checkedKey(key) }));
      return head.ContentLength ?? 0;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };

  const remove = async (keys: readonly string[]) => {
    for (let at = 0; at < keys.length; at += DELETE_BATCH) {
      const Objects = keys.slice(at, at + DELETE_BATCH).map((key) => ({ Key: checkedKey(key) }));
      const answer = await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects, Quiet: true } }));
      const failed = answer.Errors?.find((error) => error.Code !== 'NoSuchKey');
      if (failed) throw new Error(`The bucket did not delete ${failed.Key}: ${failed.Code} ${failed.Message ?? ''}`.trim());
    }
  };

  const upload = (key: string, path: string, contentType?: string) =>
    new Upload({
      client,
      params: { Bucket, Key: checkedKey(key), Body: createReadStream(path), ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: 2,
      leavePartsOnError: false,
    }).done();

  return {
    kind: 's3',
    async withLocalFile(key, job) {
      const folder = await mkdtemp(join(tmpdir(), 'kagami-object-'));
      try {
        const path = join(folder, key.split('/').pop()!);
        const object = await client.send(new GetObjectCommand({ Bucket, Key: checkedKey(key) }));
        await pipeline(object.Body as Readable, createWriteStream(path));
        return await job(path);
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    },
    async putFile(key, path, contentType) {
      await upload(key, path, contentType);
    },
    async moveFile(key, path, contentType) {
      await upload(key, path, contentType);
      await rm(path, { force: true });
    },
    async move(from, to, contentType) {
      // One CopyObject takes objects up to 5 GB, the largest upload (an avatar's footage).
      await client.send(
        new CopyObjectCommand({
          Bucket,
          Key: checkedKey(to),
          CopySource: `${Bucket}/${checkedKey(from)}`,
          ContentType: contentType,
          MetadataDirective: 'REPLACE',
        }),
      );
      await remove([from]);
    },
    async open(key, range) {
      try {
        const object = await client.send(
          new GetObjectCommand({ Bucket, Key: checkedKey(key), Range: range ? `bytes=${range.start}-${range.end}` : undefined }),
        );
        const body = object.Body as Readable;
        const served = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(object.ContentRange ?? '');
        if (served) return { body, size: Number(served[3]), range: { start: Number(served[1]), end: Number(served[2]) } };
        return { body, size: object.ContentLength ?? 0 };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    sizeOf,
    async downloadUrl(key, { seconds, disposition, contentType }) {
      if (options.downloadEndpoint === null) return null;
      const command = new GetObjectCommand({
        Bucket,
        Key: checkedKey(key),
        ResponseContentDisposition: disposition,
        ResponseContentType: contentType,
      });
      return getSignedUrl(linkClient, command, { expiresIn: seconds });
    },
    remove,
    async *list(prefix) {
      let ContinuationToken: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, Prefix: prefix, ContinuationToken }));
        for (const object of page.Contents ?? []) yield { key: object.Key!, size: object.Size ?? 0 };
        ContinuationToken = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (ContinuationToken);
    },
  };
}
