// `pnpm test:compose`: builds the images, starts the docker-compose stack on ports of its own (shell 9080,
// remotes 9081-9084, API 9000) with two workers, runs the checks of e2e/compose in Chromium against it, then
// turns the API and workers to the object-storage variant (docker-compose.s3.yml, the media in an S3-compatible
// stand-in's bucket) and runs its checks, and removes the stack and its volumes. Prints the time of each step.
// Needs docker-compose talking to an engine (on these machines: ../shared/containers, see .ci/run).
// KAGAMI_BUILD_CA=/path/to/bundle.pem makes image builds trust an extra CA (TLS-intercepting networks).
// `--build` only builds the images and `--checks` only runs the stack from them (CI builds while its other tests run).
import { spawnSync } from 'node:child_process';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib/frontends.mjs';
import { requireChromium } from './lib/chromium.mjs';

const COMPOSE_ENV = {
  COMPOSE_PROJECT_NAME: 'kagamitest',
  PUBLIC_HOST: 'localhost',
  SHELL_PORT: '9080',
  REMOTE_AUTH_PORT: '9081',
  REMOTE_STUDIO_PORT: '9082',
  REMOTE_ACCOUNT_PORT: '9083',
  REMOTE_BILLING_PORT: '9084',
  API_PORT: '9000',
  REGISTRY: 'kagami-test',
  SHELL_TAG: 'test',
  REMOTE_AUTH_TAG: 'test',
  REMOTE_ACCOUNT_TAG: 'test',
  REMOTE_BILLING_TAG: 'test',
  API_TAG: 'test',
  REMOTE_STUDIO_TAG: 'a',
  ASSET_SIGNING_SECRET: 'compose-test-signing-secret-0123456789abcdef',
  // The deployment's journeys make avatars from the typed statement; the consent clip's checks are the API tests'.
  AVATAR_CONSENT: 'text',
};

/** The object-storage variant: the variant's file, and the test's bucket (s3rver) for it. */
const OBJECT_STORAGE_ENV = {
  COMPOSE_FILE: ['docker-compose.yml', 'docker-compose.s3.yml', 'docker/compose-test-s3.yml'].join(':'),
  S3_BUCKET: 'kagami-compose',
  S3_ENDPOINT: 'http://s3:9000',
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
};

const env = { ...process.env, ...COMPOSE_ENV };
const timings = [];

function step(name, fn) {
  const started = Date.now();
  console.log(`… ${name}`);
  const result = fn();
  const seconds = (Date.now() - started) / 1000;
  timings.push([name, seconds]);
  console.log(`✓ ${name} (${seconds.toFixed(1)} s)`);
  return result;
}

function compose(args, extraEnv = {}) {
  const result = spawnSync('docker-compose', args, { cwd: root, env: { ...env, ...extraEnv }, stdio: 'inherit' });
  if (result.error) throw new Error(`docker-compose could not run: ${result.error.message}`);
  if (result.status !== 0) throw new Error(`docker-compose ${args.join(' ')} exited with ${result.status}`);
}

const chromium = requireChromium();
if (process.env.KAGAMI_BUILD_CA) copyFileSync(process.env.KAGAMI_BUILD_CA, join(root, 'docker', 'ca', 'extra-ca.pem'));

const phase = process.argv[2];
const building = phase !== '--checks';
const checking = phase !== '--build';

function buildImages() {
  step('docker-compose config', () => compose(['config', '--quiet']));
  step('docker-compose config of the object-storage variant', () => compose(['config', '--quiet'], OBJECT_STORAGE_ENV));
  step('build the images (remote-studio as tag a)', () => compose(['build']));
  step('build remote-studio as tag b', () => compose(['build', 'remote-studio'], { REMOTE_STUDIO_TAG: 'b' }));
  step('build the S3-compatible stand-in', () => compose(['build', 's3'], OBJECT_STORAGE_ENV));
}

let failed = false;
try {
  if (building) buildImages();
  if (!checking) {
    report();
    process.exit(0);
  }
  // A run cut off before its last step leaves its containers up; the new stack must not join them.
  step("an earlier run's stack removed", () => compose(['down', '-v', '--remove-orphans'], OBJECT_STORAGE_ENV));
  step('up with two workers', () => compose(['up', '-d', '--scale', 'worker=2']));
  const checks = (spec) =>
    spawnSync(join(root, 'e2e', 'node_modules', '.bin', 'playwright'), ['test', '--config', 'compose.config.ts', spec], {
      cwd: join(root, 'e2e'),
      stdio: 'inherit',
      env: { ...env, CHROMIUM_PATH: chromium },
    });
  failed =
    step('the checks in Chromium (each one timed above), from every service healthy', () => checks('compose/compose.spec.ts')).status !== 0;
  if (!failed) {
    step('the object-storage variant: API and two workers without the media volume', () => {
      // Removed first: a recreated container would keep the volumes of the one it replaces (the media volume).
      compose(['rm', '-s', '-f', 'api', 'worker'], OBJECT_STORAGE_ENV);
      compose(['up', '-d', '--scale', 'worker=2'], OBJECT_STORAGE_ENV);
    });
    Object.assign(env, OBJECT_STORAGE_ENV);
    failed = step("the object-storage variant's checks in Chromium", () => checks('compose/object-storage.spec.ts')).status !== 0;
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  failed = true;
} finally {
  if (failed) {
    spawnSync('docker-compose', ['ps'], { cwd: root, env, stdio: 'inherit' });
    spawnSync('docker-compose', ['logs', '--tail', '80'], { cwd: root, env, stdio: 'inherit' });
  }
  step('down, volumes removed', () => compose(['down', '-v', '--remove-orphans']));
}

report();
process.exit(failed ? 1 : 0);

function report() {
  console.log(`\nCompose test timings (${timings.reduce((sum, [, seconds]) => sum + seconds, 0).toFixed(0)} s in all):`);
  for (const [name, seconds] of timings) console.log(`  ${seconds.toFixed(1).padStart(6)} s  ${name}`);
}
