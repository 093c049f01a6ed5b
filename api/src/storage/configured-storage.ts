// The object storage a deployment uses: the S3 bucket when S3_BUCKET is set, else a folder per category in DATA_DIR.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Config } from '../config';
import { createLocalStorage } from './local-storage';
import { ASSET_CATEGORIES } from './media-store';
import type { ObjectStorage } from './object-storage';
import { createS3Storage } from './s3-storage';

/** The bucket when S3_BUCKET is set; otherwise DATA_DIR (the embedded default), with a folder per category. */
export function configuredStorage(config: Pick<Config, 's3' | 'dataDir'>): ObjectStorage {
  if (config.s3) return createS3Storage(config.s3);
  for (const category of ASSET_CATEGORIES) mkdirSync(join(config.dataDir, category), { recursive: true });
  return createLocalStorage(config.dataDir);
}
