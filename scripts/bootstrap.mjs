// Lets a newcomer with only Node and npm run `npm start` / `npm test`:
// finds or installs pnpm, installs the workspace when it is stale, then runs a root script.
import { spawnSync } from 'node:child_process';
import { existsSync, statSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const PNPM_VERSION = '12.21.0';
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const localPnpm = join(root, '.tools', 'node_modules', '.bin', 'pnpm');
const script = process.argv[2];
if (!script) {
  console.error('usage: node scripts/bootstrap.mjs <root script> [args…]');
  process.exit(2);
}

function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', cwd: root, ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

function pnpmVersion(cmd) {
  const result = spawnSync(cmd, ['--version'], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
}

function findPnpm() {
  if (pnpmVersion('pnpm') === PNPM_VERSION) return 'pnpm';
  if (existsSync(localPnpm) && pnpmVersion(localPnpm) === PNPM_VERSION) return localPnpm;
  console.log(`Installing pnpm ${PNPM_VERSION} into .tools/ …`);
  mkdirSync(join(root, '.tools'), { recursive: true });
  const status = run('npm', ['install', '--no-save', '--no-package-lock', '--prefix', '.tools', `pnpm@${PNPM_VERSION}`]);
  if (status !== 0) process.exit(status);
  return localPnpm;
}

function installIsStale() {
  const marker = join(root, 'node_modules', '.kagami-installed');
  if (!existsSync(marker)) return true;
  const installedAt = statSync(marker).mtimeMs;
  return ['pnpm-lock.yaml', 'pnpm-workspace.yaml'].some((f) => statSync(join(root, f)).mtimeMs > installedAt);
}

/** Installs the workspace, showing pnpm's output only when the install fails. */
function install(pnpm) {
  console.log('Installing dependencies …');
  const result = spawnSync(pnpm, ['install', '--frozen-lockfile'], { cwd: root, encoding: 'utf8' });
  if (result.error) throw result.error;
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) {
    process.stderr.write(output);
    process.exit(result.status ?? 1);
  }
  // Several dependencies name Node 22 in their engines field; they run on the Node 20.19+ the README names.
  const engineWarnings = output.match(/Unsupported engine/g)?.length ?? 0;
  const note = engineWarnings ? ` (${engineWarnings} dependencies ask for Node 22; Kagami is tested on Node 20.20 and runs on 20.19+)` : '';
  console.log(`✓ dependencies installed${note}`);
  writeFileSync(join(root, 'node_modules', '.kagami-installed'), new Date().toISOString());
}

const pnpm = findPnpm();
if (installIsStale()) install(pnpm);
const env = { ...process.env, PATH: `${dirname(pnpm === 'pnpm' ? '' : pnpm)}:${process.env.PATH}` };
process.exit(run(pnpm, ['run', script, ...process.argv.slice(3)], { env }));
