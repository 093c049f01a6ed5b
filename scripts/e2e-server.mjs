// The product as `npm start` runs it, on the e2e ports with a throw-away data folder.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildFrontends } from './lib/build-frontends.mjs';
import { startProduct } from './lib/product.mjs';

export const E2E_ENV = {
  API_PORT: '3100',
  SHELL_PORT: '8180',
  REMOTE_AUTH_PORT: '8181',
  REMOTE_STUDIO_PORT: '8182',
  REMOTE_ACCOUNT_PORT: '8183',
  REMOTE_BILLING_PORT: '8184',
};

const dataDir = mkdtempSync(join(tmpdir(), 'kagami-e2e-'));
await buildFrontends();
const product = await startProduct(
  {
    ...process.env,
    ...E2E_ENV,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    AUTH_RATE_LIMIT_MAX: '10000',
    RATE_LIMIT_MAX: '100000',
    // The browser tests' webhook receiver listens on this machine.
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_SECONDS: '1',
    // Chromium's fake camera and microphone cannot read a consent phrase: avatars are made from the typed statement.
    AVATAR_CONSENT: 'text',
  },
  { quiet: true },
);
console.log(`e2e product at ${product.url} (data in ${dataDir})`);
const stop = async () => {
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
