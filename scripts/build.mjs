// `pnpm build`: every frontend, whether stale or not.
import { buildFrontends } from './lib/build-frontends.mjs';

await buildFrontends({ force: process.argv.includes('--force') || !process.argv.includes('--stale') });
