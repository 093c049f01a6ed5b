import type S3rver from 's3rver';

export function withMultipartListing<T extends S3rver>(server: T, directory: string): T;
