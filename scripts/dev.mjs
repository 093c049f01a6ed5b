// `pnpm dev`: the API in watch mode and a webpack dev server (hot reload) per frontend.
import { spawn } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { FRONTENDS, root } from './lib/frontends.mjs';
import { runtimeConfigFor } from './lib/product.mjs';

// The dev server serves shell/public, so the runtime config is written there (git-ignored).
mkdirSync(join(root, 'shell', 'public'), { recursive: true });
writeFileSync(join(root, 'shell', 'public', 'runtime-config.json'), JSON.stringify(runtimeConfigFor(), null, 2));

const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server.ts'], {
    cwd: join(root, 'api'),
    stdio: 'inherit',
    env: { ...process.env, DATA_DIR: process.env.DATA_DIR ?? join(root, 'data') },
  }),
  ...FRONTENDS.map((f) =>
    spawn(join(root, f.dir, 'node_modules', '.bin', 'webpack'), ['serve', '--mode', 'development'], {
      cwd: join(root, f.dir),
      stdio: 'inherit',
    }),
  ),
];
console.log('\n  Kagami (dev) at http://localhost:8080 — hot reload on; Ctrl+C to stop.\n');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
