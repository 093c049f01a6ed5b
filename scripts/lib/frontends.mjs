// The frontend packages, their default ports, and the remote each one is registered as.
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** In build order: remotes first, the shell last. `remote` is the Module Federation name. */
export const FRONTENDS = [
  { dir: 'remote-auth', remote: 'remote_auth', port: 8081, portEnv: 'REMOTE_AUTH_PORT' },
  { dir: 'remote-studio', remote: 'remote_studio', port: 8082, portEnv: 'REMOTE_STUDIO_PORT' },
  { dir: 'remote-account', remote: 'remote_account', port: 8083, portEnv: 'REMOTE_ACCOUNT_PORT' },
  { dir: 'remote-billing', remote: 'remote_billing', port: 8084, portEnv: 'REMOTE_BILLING_PORT' },
  { dir: 'shell', remote: null, port: 8080, portEnv: 'SHELL_PORT' },
];

export const portOf = (frontend, env = process.env) => Number(env[frontend.portEnv] ?? frontend.port);
export const apiPort = (env = process.env) => Number(env.API_PORT ?? env.PORT ?? 3000);
