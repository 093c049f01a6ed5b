import { existsSync } from 'node:fs';

/** CHROMIUM_PATH when set, else Debian's Chromium (apt-get install chromium); Playwright's own download cannot run here. */
export function findChromium(env = process.env) {
  const candidates = env.CHROMIUM_PATH ? [env.CHROMIUM_PATH] : ['/usr/bin/chromium', '/usr/bin/chromium-browser'];
  return candidates.find((path) => existsSync(path)) ?? null;
}

const CHROMIUM_MISSING =
  'No Chromium found. Install it with `apt-get install -y chromium` (Debian/Ubuntu) or set CHROMIUM_PATH to a Chromium or Chrome binary.';

/** The Chromium path, or exits with a message saying what is missing and how to install it. */
export function requireChromium(env = process.env) {
  const path = findChromium(env);
  if (!path) {
    console.error(CHROMIUM_MISSING);
    process.exit(1);
  }
  return path;
}
