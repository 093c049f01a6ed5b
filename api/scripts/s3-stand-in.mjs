// An S3-compatible server on a folder (s3rver) with one bucket, for the compose test's object-storage variant. A
// deployment points S3_* at S3, R2, GCS's S3 API or MinIO instead.
import S3rver from 's3rver';
import { withMultipartListing } from './s3rver-multipart.mjs';

const directory = process.env.OBJECTS_DIR ?? '/tmp/objects';

const server = withMultipartListing(
  new S3rver({
    address: '0.0.0.0',
    port: Number(process.env.PORT ?? 9000),
    directory,
    silent: true,
    configureBuckets: [{ name: process.env.S3_BUCKET ?? 'kagami', configs: [] }],
    // Buckets named in the path only: on a compose network the host name is the service's (`s3`), not a bucket.
    vhostBuckets: false,
  }),
  directory,
);
const { address, port } = await server.run();
console.log(`s3rver listening on ${address}:${port}, bucket ${process.env.S3_BUCKET ?? 'kagami'}`);
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => server.close().then(() => process.exit(0)));
