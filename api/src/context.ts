// The composition root: opens the job queue, storage, mail and the engine from the configuration, and fills the
// AppContext every domain is handed.
import { loadSigningKey } from './domains/assets/signing';
import { AuthCache } from './domains/auth/auth-cache';
import type { FastifyBaseLogger } from 'fastify';
import { ConfigError, type Config } from './config';
import type { DatabaseHandle } from './db/connect';
import { createMailer, type Mailer } from './mail/mailer';
import { createEngine, loadSigningIdentity, sharedSigningIdentity } from './engine';
import { dataUriMediaLinks, signedMediaLinks } from './domains/assets/media-links';
import { startJobQueue } from './jobs/queue';
import { createMediaStore } from './storage/media-store';
import { configuredStorage } from './storage/configured-storage';
import { checkBucket } from './storage/s3-storage';
import { createUploadArea } from './storage/upload-area';
import { installSecret } from './db/install-secrets';
import { randomBytes } from 'node:crypto';
import type { AppContext } from './domains/app-context';

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
  const mediaLinks =
    lipSync?.engine === 'replicate' && !lipSync.key ? dataUriMediaLinks : signedMediaLinks(assets, signingKey, config.publicApiUrl);
  const engine = createEngine({ lipSync, speech: config.speech, mediaLinks });
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
