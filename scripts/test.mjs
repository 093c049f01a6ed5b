// `npm test`: every unit and integration test (jest projects per package), then the browser
// suite when a Chromium is installed. The API's database tests also run on PostgreSQL when
// TEST_DATABASE_URL names a server.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './lib/frontends.mjs';
import { findChromium } from './lib/chromium.mjs';

const run = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

console.log(
  process.env.TEST_DATABASE_URL
    ? `Database tests: PostgreSQL at ${process.env.TEST_DATABASE_URL}`
    : 'Database tests: embedded PGlite (set TEST_DATABASE_URL=postgres://… to run them on PostgreSQL too)',
);
// PGlite's CommonJS build loads its parts with import(), which jest allows only with this flag; the
// fuzzer collects garbage before it reads the heap.
const jestStatus = run(process.execPath, [
  '--experimental-vm-modules',
  '--expose-gc',
  join(root, 'node_modules', 'jest', 'bin', 'jest.js'),
  ...process.argv.slice(2),
]);
if (jestStatus !== 0) process.exit(jestStatus);

if (process.env.KAGAMI_SKIP_E2E === '1') process.exit(0);
if (!findChromium()) {
  console.log('Browser tests skipped: no Chromium installed (apt-get install -y chromium, then npm test or pnpm e2e).');
  process.exit(0);
}
process.exit(run(process.execPath, [join(root, 'scripts', 'e2e.mjs')]));
