// Measures the JavaScript (gzip) a first visit loads: the Login page (shell + remote-auth), and the
// shell alone (every remote blocked). Starts the built product on spare ports with a scratch database.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildFrontends } from './lib/build-frontends.mjs';
import { startProduct } from './lib/product.mjs';
import { findChromium } from './lib/chromium.mjs';

const env = {
  ...process.env,
  API_PORT: '3200',
  SHELL_PORT: '8280',
  REMOTE_AUTH_PORT: '8281',
  REMOTE_STUDIO_PORT: '8282',
  REMOTE_ACCOUNT_PORT: '8283',
  LOG_LEVEL: 'warn',
};
const dataDir = mkdtempSync(join(tmpdir(), 'kagami-measure-'));
await buildFrontends();
const product = await startProduct({ ...env, DATA_DIR: dataDir }, { quiet: true });
const browser = await chromium.launch({
  executablePath: findChromium(),
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
});

/** A signed-up user with a profile and a team, made through the API (sign-up code from the dev mailbox). */
async function onboardedToken() {
  const api = `http://localhost:${env.API_PORT}`;
  const post = (path, body, token) =>
    fetch(`${api}${path}`, {
      method: path === '/api/users/update-profile' ? 'PUT' : 'POST',
      headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    }).then((response) => response.json());
  const email = `measure-${Date.now()}@example.com`;
  await post('/api/auth/send-verification-code', { email });
  const { messages } = await (await fetch(`${api}/api/dev/mailbox?to=${encodeURIComponent(email)}`)).json();
  const code = messages[0].text.match(/\b(\d{6})\b/)[1];
  const { token } = await post('/api/auth/signup', { email, password: 'measure-pass-1', code });
  await post('/api/users/update-profile', { name: 'Measure', company_name: 'K', number_of_employees: '1', role: 'OTHER' }, token);
  await post('/api/teams', { name: 'Measure team' }, token);
  return token;
}

async function measure(label, { blockRemotes = false, token = null }) {
  const page = await browser.newPage();
  if (blockRemotes) await page.route(/:828[1-4]\//, (route) => route.abort());
  if (token) {
    await page.addInitScript(
      (accessToken) => localStorage.setItem('kagami.user', JSON.stringify({ accessToken, tokenType: 'Bearer' })),
      token,
    );
  }
  const scripts = new Map();
  let css = 0;
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    const body = await response.body().catch(() => Buffer.alloc(0));
    if (type === 'stylesheet') css += gzipSync(body).length;
    else scripts.set(response.url(), { raw: body.length, gzip: gzipSync(body).length });
  });
  await page.goto(`${product.url}${token ? '/' : '/login'}`);
  await page.waitForSelector(blockRemotes ? '[data-testid=remote-fallback]' : token ? 'text=No avatars yet' : 'text=Log in to Kagami', {
    timeout: 30_000,
  });
  // Signed in, the studio's status-event stream stays open, so the network never goes idle: wait out the idle preload.
  if (token) await page.waitForTimeout(5_000);
  else await page.waitForLoadState('networkidle');
  await page.close();
  const total = [...scripts.values()].reduce((sum, s) => ({ raw: sum.raw + s.raw, gzip: sum.gzip + s.gzip }), { raw: 0, gzip: 0 });
  console.log(
    `\n${label}: ${scripts.size} scripts, ${(total.gzip / 1024).toFixed(1)} KB gzip (${(total.raw / 1024).toFixed(1)} KB raw); CSS ${(css / 1024).toFixed(1)} KB gzip`,
  );
  for (const [url, size] of [...scripts].sort((a, b) => b[1].gzip - a[1].gzip).slice(0, 8)) {
    console.log(
      `  ${(size.gzip / 1024).toFixed(1).padStart(7)} KB  ${url.replace(/^https?:\/\/[^/]+/, (origin) => (origin.endsWith('8280') ? 'shell' : origin.endsWith('8281') ? 'remote-auth' : origin.endsWith('8282') ? 'remote-studio' : 'remote-account'))}`,
    );
  }
}

try {
  await measure('Login page (shell + remote-auth)', {});
  await measure('Home, signed in (shell + remote-studio)', { token: await onboardedToken() });
  await measure('Shell without remotes', { blockRemotes: true });
} finally {
  await browser.close();
  await product.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
