// Builds the frontends whose sources changed since their last build (a content hash in dist/).
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { spawn } from 'node:child_process';
import { FRONTENDS, root } from './frontends.mjs';

function hashTree(hash, dir) {
  if (!existsSync(dir)) return;
  for (const entry of readdirSync(dir).sort()) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) hashTree(hash, path);
    else hash.update(relative(root, path)).update(readFileSync(path));
  }
}

function sourceHash(dir) {
  const hash = createHash('sha256');
  for (const input of [join(root, dir, 'src'), join(root, dir, 'public'), join(root, 'shared', 'src'), join(root, 'shared', 'webpack')]) {
    hashTree(hash, input);
  }
  for (const file of [join(root, dir, 'webpack.config.cjs'), join(root, dir, 'package.json'), join(root, 'pnpm-lock.yaml')]) {
    if (existsSync(file)) hash.update(readFileSync(file));
  }
  return hash.digest('hex');
}

const stampOf = (dir) => join(root, dir, 'dist', '.source-hash');

/**
 * A production build of the frontend in `dir`, with its own webpack config or `config`; webpack's own output is shown
 * only when the build fails.
 */
export function webpack(dir, config) {
  return new Promise((resolve, reject) => {
    const args = ['--mode', 'production', ...(config ? ['-c', config] : [])];
    const child = spawn(join(root, dir, 'node_modules', '.bin', 'webpack'), args, {
      cwd: join(root, dir),
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('exit', (code) => {
      if (code === 0) return resolve();
      process.stderr.write(Buffer.concat(output));
      reject(new Error(`webpack failed for ${dir} (exit ${code})`));
    });
  });
}

export async function buildFrontends({ force = false } = {}) {
  for (const { dir } of FRONTENDS) {
    const hash = sourceHash(dir);
    const stamp = stampOf(dir);
    if (!force && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) {
      console.log(`✓ ${dir} is up to date`);
      continue;
    }
    console.log(`… building ${dir}`);
    const started = Date.now();
    await webpack(dir);
    writeFileSync(stamp, hash);
    console.log(`✓ built ${dir} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  }
}
