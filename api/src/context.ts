import { loadSigningKey } from './domains/assets/signing';
import { AuthCache } from './domains/auth/auth-cache';
import type { PgBoss } from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from './config';
import type { Database, DatabaseHandle } from './db/connect';
import { createMailer, type Mailer } from './mail/mailer';
import type { GenerationEngine } from './engine/generation-engine';
import { lipSyncProvider } from './engine/face/providers';
import { dataUriMediaLinks, signedMediaLinks } from './engine/face/providers/media-links';
import { speechProvider } from './engine/speech/providers/choose';
import { LocalEngine } from './engine/local/local-engine';
import { startJobQueue } from './jobs/queue';
import { createMediaStore, type MediaStore } from './storage/media-store';
import { configuredStorage } from './storage/configured-storage';
import { checkBucket } from './storage/s3-storage';
import { createUploadArea, type UploadArea } from './storage/upload-area';
import { loadSigningIdentity, sharedSigningIdentity, type SigningIdentity } from './engine/provenance/signing-identity';
import { installSecret } from './db/install-secrets';
import { randomBytes } from 'node:crypto';

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

export const GRACEFUL_STOP_MS = 60_000;

/** Opens what the API and a worker process both need: job queue, engine, mail and file storage. */
export async function createContext(
  config: Config,
  database: DatabaseHandle,
  log: FastifyBaseLogger,
  mailer?: Mailer,
): Promise<{ ctx: AppContext; close: (options?: { graceful?: boolean }) => Promise<void> }> {
  if (config.s3) {
    await checkBucket(config.s3).catch((error: Error) => {
      throw new ConfigError(`Invalid configuration:\n  ${error.message}`);
    });
  }
  const jobs = await startJobQueue(database, log);
  const assets = createMediaStore(configuredStorage(config), config.workDir);
  // Processes that share no data folder (media in a bucket) share the keys none configured through the database.
  const { db } = database;
  const signingKey =
    config.s3 && !config.assetSigningSecret
      ? Buffer.from(await installSecret(db, 'asset-signing-key', async () => randomBytes(32).toString('hex')))
      : loadSigningKey(config.dataDir, config.assetSigningSecret);
  const { key, cert } = config.contentCredentials;
  const credentials =
    config.s3 && !(key && cert)
      ? await sharedSigningIdentity((make) => installSecret(db, 'content-credentials', make), log)
      : await loadSigningIdentity(config.dataDir, config.contentCredentials, log);
  const lipSync = config.lipSync;
  // A Cog server (Replicate's protocol with no key) is the operator's own: it gets the media inline.
  const links =
    lipSync?.engine === 'replicate' && !lipSync.key ? dataUriMediaLinks : signedMediaLinks(assets, signingKey, config.publicApiUrl);
  const engine = new LocalEngine(
    lipSync ? { provider: lipSyncProvider(lipSync, links), fallback: lipSync.fallback } : undefined,
    config.speech ? speechProvider(config.speech) : undefined,
  );
  const ctx: AppContext = {
    config,
    db: database.db,
    mailer: mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db: database.db, log }),
    jobs,
    engine,
    assets,
    uploadArea: createUploadArea(config, assets.storage, { expiryMs: config.uploadExpirySeconds * 1000 }),
    signingKey,
    credentials,
    log,
    authCache: new AuthCache(database.db),
  };
  return {
    ctx,
    /** Graceful (a worker told to stop): running jobs get up to a minute to finish; any still running are taken up again elsewhere once their heartbeat stops. */
    close: async ({ graceful = false } = {}) => {
      await jobs.stop({ graceful, timeout: GRACEFUL_STOP_MS, wait: true, close: true } as never);
      engine.close();
    },
  };
}
