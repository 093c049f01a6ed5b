// `pnpm measure:initial-js`: the gzipped JavaScript a first visit needs, on the built product in Chromium.
// For Login (signed out) and Home (signed in): the scripts requested before the screen's text appears, and the total
// once the preload of the other screens has run (a reader's first move starts it); the same app built without Module
// Federation (one ordinary app split per route) for the ratio; and which packages the first page's bytes come from.
// Exits 1 over budget. Starts everything on spare ports with a scratch database and stops it on any exit.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { buildFrontends, webpack } from './lib/build-frontends.mjs';
import { root } from './lib/frontends.mjs';
import { cleanUp, cleanups } from './lib/cleanups.mjs';
import { requireChromium } from './lib/chromium.mjs';
import { runtimeConfigFor, startProduct } from './lib/product.mjs';
import { serveStatic } from './lib/static-server.mjs';
import { bytesByPackage } from './measure/source-map-breakdown.mjs';
import { onboardedUser } from './lib/measure-user.mjs';

const BUDGET = { loginFirstRenderKb: 300, ratio: 1.25 };
const UNFEDERATED_PORT = 8289;
const env = {
  ...process.env,
  API_PORT: '3200',
  SHELL_PORT: '8280',
  REMOTE_AUTH_PORT: '8281',
  REMOTE_STUDIO_PORT: '8282',
  REMOTE_ACCOUNT_PORT: '8283',
  REMOTE_BILLING_PORT: '8284',
  LOG_LEVEL: 'warn',
};
const executablePath = requireChromium();

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * Opens `path` and records every script: those requested before a `selector` element showing `text` appeared (both times taken in
 * the page), and all of them once the preload that a reader's first move starts is done. Signed in, the studio's
 * event stream keeps the network busy, so the preload is waited out instead of network idle.
 */
async function visit(browser, origin, { path, selector, text, token }) {
  const page = await browser.newPage();
  await page.addInitScript(
    ({ accessToken, awaited }) => {
      if (accessToken) localStorage.setItem('kagami.user', JSON.stringify({ accessToken, tokenType: 'Bearer' }));
      const observer = new MutationObserver(() => {
        if (![...document.querySelectorAll(awaited.selector)].some((element) => element.textContent?.includes(awaited.text))) return;
        window.__textShownAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true, characterData: true });
    },
    { accessToken: token, awaited: { selector, text } },
  );
  const bodies = new Map();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      bodies.set(
        response.url(),
        response.body().catch(() => Buffer.alloc(0)),
      );
  });
  await page.goto(`${origin}${path}`);
  await page.waitForFunction(() => window.__textShownAt !== undefined, null, { timeout: 30_000 });
  await page.mouse.move(10, 10);
  if (token) await page.waitForTimeout(5_000);
  else await page.waitForLoadState('networkidle');
  const { shownAt, requests } = await page.evaluate(() => ({
    shownAt: window.__textShownAt,
    requests: performance
      .getEntriesByType('resource')
      .filter((entry) => entry.initiatorType === 'script' || /\.js(\?|$)/.test(entry.name))
      .map((entry) => ({ url: entry.name, startTime: entry.startTime })),
  }));
  const scripts = new Map();
  for (const { url } of requests) {
    const body = await (bodies.get(url) ?? Buffer.alloc(0));
    scripts.set(url, { raw: body.length, gzip: gzipSync(body).length, body });
  }
  await page.close();
  const all = requests.map((request) => request.url);
  const beforeRender = requests.filter((request) => request.startTime < shownAt).map((request) => request.url);
  const sum = (urls) => urls.reduce((total, url) => total + (scripts.get(url)?.gzip ?? 0), 0);
  return {
    beforeRender: { count: beforeRender.length, gzip: sum(beforeRender), urls: beforeRender },
    afterPreload: { count: all.length, gzip: sum(all) },
    scripts,
  };
}

/** Gzip bytes per package among `urls`, each script's gzip size shared out by its source map. */
async function breakdown(urls, scripts) {
  const totals = new Map();
  for (const url of urls) {
    const script = scripts.get(url);
    if (!script?.raw) continue;
    const response = await fetch(`${url}.map`);
    const parts = response.ok
      ? bytesByPackage(script.body.toString('utf8'), await response.json())
      : new Map([['(no source map)', script.raw]]);
    for (const [name, bytes] of parts) totals.set(name, (totals.get(name) ?? 0) + (bytes / script.raw) * script.gzip);
  }
  return [...totals].sort((a, b) => b[1] - a[1]);
}

const label = (url) =>
  url.replace(/^https?:\/\/[^/]+/, (origin) => {
    const port = origin.slice(-4);
    return (
      { 8280: 'shell', 8281: 'remote-auth', 8282: 'remote-studio', 8283: 'remote-account', 8284: 'remote-billing', 8289: 'unfederated' }[
        port
      ] ?? origin
    );
  });

function report(title, federated, unfederated) {
  const ratio = federated.beforeRender.gzip / unfederated.beforeRender.gzip;
  console.log(`\n${title}`);
  console.log(`  before first render: ${kb(federated.beforeRender.gzip)} gzip in ${federated.beforeRender.count} scripts`);
  console.log(`  after the preload:   ${kb(federated.afterPreload.gzip)} gzip in ${federated.afterPreload.count} scripts`);
  console.log(
    `  without federation:  ${kb(unfederated.beforeRender.gzip)} gzip in ${unfederated.beforeRender.count} scripts before first render` +
      ` (${kb(unfederated.afterPreload.gzip)} after the preload); ratio ${ratio.toFixed(2)}`,
  );
  console.log('  largest scripts before first render:');
  for (const url of [...federated.beforeRender.urls]
    .sort((a, b) => federated.scripts.get(b).gzip - federated.scripts.get(a).gzip)
    .slice(0, 8)) {
    console.log(`    ${kb(federated.scripts.get(url).gzip).padStart(9)}  ${label(url)}`);
  }
  return ratio;
}

const dataDir = mkdtempSync(join(tmpdir(), 'kagami-measure-'));
cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }));
const failures = [];
try {
  await buildFrontends();
  await webpack('shell', join(root, 'scripts', 'measure', 'unfederated.webpack.cjs'));
  const unfederatedOrigin = `http://localhost:${UNFEDERATED_PORT}`;
  const product = await startProduct(
    {
      ...env,
      DATA_DIR: dataDir,
      CORS_ORIGINS: [8280, 8281, 8282, 8283, UNFEDERATED_PORT].map((port) => `http://localhost:${port}`).join(','),
    },
    { quiet: true },
  );
  cleanups.push(product.stop);
  const unfederatedServer = await serveStatic({
    dir: join(root, 'scripts', 'measure', '.unfederated', 'dist'),
    port: UNFEDERATED_PORT,
    spa: true,
    runtimeConfig: runtimeConfigFor(env),
  });
  cleanups.push(async () => unfederatedServer.close());
  const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'] });
  cleanups.push(() => browser.close());

  const login = { path: '/login', selector: 'h1, h2', text: 'Log in to Kagami' };
  const home = { path: '/', selector: 'main h1', text: 'Avatars', token: (await onboardedUser(`http://localhost:${env.API_PORT}`)).token };
  const loginFederated = await visit(browser, product.url, login);
  const loginUnfederated = await visit(browser, unfederatedOrigin, login);
  const loginRatio = report('Login, signed out', loginFederated, loginUnfederated);
  const homeRatio = report('Home, signed in', await visit(browser, product.url, home), await visit(browser, unfederatedOrigin, home));

  console.log('\nLogin before first render, by package (gzip):\n  federated  unfederated');
  const unfederatedParts = new Map(await breakdown(loginUnfederated.beforeRender.urls, loginUnfederated.scripts));
  for (const [name, bytes] of (await breakdown(loginFederated.beforeRender.urls, loginFederated.scripts)).filter(([, b]) => b >= 512)) {
    console.log(`  ${kb(bytes).padStart(9)}  ${kb(unfederatedParts.get(name) ?? 0).padStart(11)}  ${name}`);
  }

  const loginKb = loginFederated.beforeRender.gzip / 1024;
  if (loginKb > BUDGET.loginFirstRenderKb)
    failures.push(`Login loads ${loginKb.toFixed(1)} KB before first render (budget ${BUDGET.loginFirstRenderKb} KB)`);
  for (const [name, ratio] of [
    ['Login', loginRatio],
    ['Home', homeRatio],
  ]) {
    if (ratio > BUDGET.ratio) failures.push(`${name}: federated / unfederated is ${ratio.toFixed(2)} (budget ${BUDGET.ratio})`);
  }
} finally {
  await cleanUp();
}
if (failures.length) {
  console.error(`\nOver budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `\nWithin budget: Login <= ${BUDGET.loginFirstRenderKb} KB gzip before first render, federated / unfederated <= ${BUDGET.ratio}.`,
);
