// `pnpm e2e`: Playwright in Chromium against the built app, started as `npm start` does.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib/frontends.mjs';
import { requireChromium } from './lib/chromium.mjs';

const chromium = requireChromium();
const result = spawnSync(join(root, 'e2e', 'node_modules', '.bin', 'playwright'), ['test', ...process.argv.slice(2)], {
  cwd: join(root, 'e2e'),
  stdio: 'inherit',
  env: { ...process.env, CHROMIUM_PATH: chromium },
});
process.exit(result.status ?? 1);
