import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { MEDIA } from './playwright.config';

/** Makes the test media once (kept in e2e/.media between runs). */
export default function globalSetup() {
  const result = spawnSync(process.execPath, ['--import', 'tsx', 'test/media/make-e2e-media.ts', MEDIA], {
    cwd: join(__dirname, '..', 'api'),
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error('Could not make the e2e media');
}
