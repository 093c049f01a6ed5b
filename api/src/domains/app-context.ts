// The services every domain is handed (configuration, database, mailer, jobs, engine, storage, signing key, logger,
// auth cache), in place of global decorators.
import type { PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/connect';
import type { Mailer } from '../mail/mailer';
import type { GenerationEngine, SigningIdentity } from '../engine';
import type { MediaStore } from '../storage/media-store';
import type { UploadArea } from '../storage/upload-area';
import type { AuthCache } from './auth/auth-cache';

/** What every domain needs: handed to route modules and services instead of global decorators. */
export type AppContext = {
  config: Config;
  db: Database;
  mailer: Mailer;
  jobs: PgBoss;
  engine: GenerationEngine;
  /** Media: DATA_DIR's folders or the bucket. */
  assets: MediaStore;
  /** Where resumable uploads arrive: DATA_DIR/uploads of the receiving API host, or the bucket. */
  uploadArea: UploadArea;
  /**
   * Signs short-lived links (assets, the built-in billing portal): ASSET_SIGNING_SECRET, or else a key kept in the data
   * folder (in the database where the media are in a bucket).
   */
  signingKey: Buffer;
  log: FastifyBaseLogger;
  /** Who signs the videos' Content Credentials, and whose this deployment trusts when it reads them. */
  credentials: SigningIdentity;
  /** Sessions and team lists in memory; the API makes it follow the database's change notices. */
  authCache: AuthCache;
};
