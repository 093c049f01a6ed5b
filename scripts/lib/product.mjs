// Starts the whole product from built frontends: the API (with its in-process worker) and one
// static server per frontend, wired together by the shell's runtime-config.json.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { FRONTENDS, apiPort, portOf, root } from './frontends.mjs';
import { serveStatic } from './static-server.mjs';

export function runtimeConfigFor(env = process.env) {
  const publicHost = env.PUBLIC_HOST ?? 'localhost';
  return {
    apiBaseUrl: env.API_BASE_URL ?? `http://${publicHost}:${apiPort(env)}`,
    googleClientId: env.GOOGLE_CLIENT_ID ?? '',
    remotes: Object.fromEntries(
      FRONTENDS.filter((f) => f.remote).map((f) => [f.remote, `http://${publicHost}:${portOf(f, env)}/mf-manifest.json`]),
    ),
  };
}

/** The API logs JSON (for log collectors); on a terminal each line becomes its message. */
export function readableLogLine(line) {
  try {
    const entry = JSON.parse(line);
    return `api: ${entry.msg}${entry.err?.message ? ` (${entry.err.message})` : ''}`;
  } catch {
    return line;
  }
}

async function waitForHealth(url, child, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the API exited with code ${child.exitCode}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`the API did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** @returns {Promise<{ url: string, stop: () => Promise<void> }>} */
export async function startProduct(env = process.env, { quiet = false } = {}) {
  const shellPort = portOf(
    FRONTENDS.find((f) => f.dir === 'shell'),
    env,
  );
  const shellUrl = `http://${env.PUBLIC_HOST ?? 'localhost'}:${shellPort}`;
  const shellOrigins = [...new Set([shellUrl, `http://localhost:${shellPort}`, `http://127.0.0.1:${shellPort}`])];
  const apiEnv = {
    ...env,
    PORT: String(apiPort(env)),
    DATA_DIR: env.DATA_DIR ?? join(root, 'data'),
    PUBLIC_APP_URL: env.PUBLIC_APP_URL ?? shellUrl,
    CORS_ORIGINS: env.CORS_ORIGINS ?? [shellUrl, ...FRONTENDS.map((f) => `http://localhost:${portOf(f, env)}`)].join(','),
  };
  const api = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(root, 'api'),
    env: apiEnv,
    stdio: ['ignore', quiet ? 'ignore' : 'pipe', 'inherit'],
  });
  if (!quiet) createInterface({ input: api.stdout }).on('line', (line) => console.log(readableLogLine(line)));
  const servers = [];
  const stop = async () => {
    for (const server of servers) server.close();
    if (api.exitCode === null) {
      api.kill('SIGTERM');
      await new Promise((resolve) => api.once('exit', resolve));
    }
  };
  try {
    await waitForHealth(`http://127.0.0.1:${apiPort(env)}/api/health`, api);
    for (const frontend of FRONTENDS) {
      const isShell = frontend.dir === 'shell';
      servers.push(
        await serveStatic({
          dir: join(root, frontend.dir, 'dist'),
          port: portOf(frontend, env),
          spa: isShell,
          runtimeConfig: isShell ? runtimeConfigFor(env) : undefined,
          // As in the images: a remote's files are readable by the shell's page only.
          corsOrigins: isShell ? undefined : shellOrigins,
          version: JSON.parse(readFileSync(join(root, frontend.dir, 'package.json'), 'utf8')).version,
        }),
      );
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: shellUrl, stop };
}
