// The entry of a frontend's container: serves its build with the static server of `npm start`, with the
// same headers. The shell's runtime-config.json comes from the environment at start, so pointing the shell
// at other remotes or another API is a restart, never a rebuild.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from './static-server.mjs';

const env = process.env;
const dir = join(import.meta.dirname, 'dist');
/** Which frontend this image holds and its version, written at build time. */
const build = JSON.parse(readFileSync(join(import.meta.dirname, 'build.json'), 'utf8'));
const isShell = build.app === 'shell';

const remote = (name, url) => (url ? [[name, `${url.replace(/\/$/, '')}/mf-manifest.json`]] : []);
const runtimeConfig = isShell
  ? {
      apiBaseUrl: env.API_BASE_URL ?? 'http://localhost:3000',
      googleClientId: env.GOOGLE_CLIENT_ID ?? '',
      remotes: Object.fromEntries([
        ...remote('remote_auth', env.REMOTE_AUTH_URL),
        ...remote('remote_studio', env.REMOTE_STUDIO_URL),
        ...remote('remote_account', env.REMOTE_ACCOUNT_URL),
        ...remote('remote_billing', env.REMOTE_BILLING_URL),
      ]),
    }
  : undefined;

const server = await serveStatic({
  dir,
  port: Number(env.PORT ?? 8080),
  spa: isShell,
  runtimeConfig,
  corsOrigins: isShell || !env.SHELL_ORIGIN ? undefined : [env.SHELL_ORIGIN],
  version: build.version,
});
console.log(`${build.app} ${build.version} serving on :${env.PORT ?? 8080}`);

const stop = () => server.close(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
