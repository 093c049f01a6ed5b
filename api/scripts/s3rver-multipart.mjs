// s3rver 3.7 keeps a multipart upload's parts as files but answers none of ListParts, AbortMultipartUpload and
// ListMultipartUploads, which resumable uploads into a bucket (@tus/s3-store) rely on. This answers the three from
// its folder (`<bucket>/._S3rver_uploads/<upload id>/`: `key`, then each part as `<n>` beside `<n>.md5`). For the
// test stand-ins only: the requests it answers are not authenticated.
import { readdir, readFile, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import S3Error from 's3rver/lib/models/error.js';

const uploadsOf = (directory, bucket) => join(directory, bucket, '._S3rver_uploads');

async function partsOf(folder) {
  // A part is whole once its checksum is written: one whose sending was cut off is not listed (as in S3).
  const files = await readdir(folder);
  const names = files.filter((name) => /^\d+$/.test(name) && files.includes(`${name}.md5`));
  const parts = await Promise.all(
    names.map(async (name) => {
      const [info, md5] = await Promise.all([stat(join(folder, name)), readFile(join(folder, `${name}.md5`), 'utf8')]);
      return { PartNumber: Number(name), LastModified: info.mtime.toISOString(), ETag: JSON.stringify(md5), Size: info.size };
    }),
  );
  return parts.sort((a, b) => a.PartNumber - b.PartNumber);
}

async function uploadFolder(directory, bucket, uploadId) {
  const folder = join(uploadsOf(directory, bucket), String(uploadId).replace(/[^0-9a-f]/g, ''));
  try {
    await stat(join(folder, 'key'));
    return folder;
  } catch {
    throw new S3Error('NoSuchUpload', 'The specified upload does not exist.', { UploadId: uploadId });
  }
}

/** Adds the three calls to an s3rver instance whose objects are in `directory`; before it runs. */
export function withMultipartListing(server, directory) {
  const answer = async (ctx, next) => {
    const [, bucket, ...rest] = ctx.path.split('/');
    const key = decodeURIComponent(rest.join('/'));
    const { uploadId } = ctx.query;
    if (ctx.method === 'GET' && key && uploadId) {
      const folder = await uploadFolder(directory, bucket, uploadId);
      const parts = await partsOf(folder);
      ctx.body = {
        ListPartsResult: {
          Bucket: bucket,
          Key: key,
          UploadId: uploadId,
          PartNumberMarker: 0,
          NextPartNumberMarker: parts.at(-1)?.PartNumber ?? 0,
          MaxParts: 10000,
          IsTruncated: false,
          ...(parts.length ? { Part: parts } : {}),
        },
      };
      return;
    }
    if (ctx.method === 'DELETE' && key && uploadId) {
      await rm(await uploadFolder(directory, bucket, uploadId), { recursive: true, force: true });
      ctx.status = 204;
      return;
    }
    if (ctx.method === 'GET' && bucket && !key && 'uploads' in ctx.query) {
      const ids = await readdir(uploadsOf(directory, bucket)).catch(() => []);
      const uploads = await Promise.all(
        ids.map(async (id) => {
          const folder = join(uploadsOf(directory, bucket), id);
          const info = await stat(join(folder, 'key'));
          return { Key: await readFile(join(folder, 'key'), 'utf8'), UploadId: id, Initiated: info.mtime.toISOString() };
        }),
      );
      ctx.body = {
        ListMultipartUploadsResult: { Bucket: bucket, IsTruncated: false, ...(uploads.length ? { Upload: uploads } : {}) },
      };
      return;
    }
    await next();
  };
  // Before the router, after the XML encoding of answers.
  server.middleware.splice(server.middleware.length - 1, 0, answer);
  return server;
}
