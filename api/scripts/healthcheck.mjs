// A container healthcheck: the API's readiness (its database answers), or with --worker the age of
// the heartbeat file a separate worker touches every 10 s.
import { statSync } from 'node:fs';

if (process.argv.includes('--worker')) {
  const file = process.env.HEARTBEAT_FILE ?? '/tmp/kagami-worker.alive';
  try {
    process.exit(Date.now() - statSync(file).mtimeMs < 30_000 ? 0 : 1);
  } catch {
    process.exit(1);
  }
}

fetch(`http://127.0.0.1:${process.env.PORT ?? 3000}/api/health`, { signal: AbortSignal.timeout(4000) }).then(
  (response) => process.exit(response.ok ? 0 : 1),
  () => process.exit(1),
);
