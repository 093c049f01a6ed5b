import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { AddressInfo, Server } from 'node:net';
import { RUNTIME_CONFIG_ELEMENT, serveStatic } from '../lib/static-server.mjs';

let dir: string;
let server: Server;
let base: string;
const chunk = 'console.log("chunk");'.repeat(100);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'static-'));
  writeFileSync(join(dir, 'index.html'), '<!doctype html><head><title>shell</title></head><body></body>');
  writeFileSync(join(dir, 'remoteEntry.js'), 'var remote;');
  // As the shell's build writes them: each route's pattern from the contract's routePattern.
  const screens = [
    { pattern: '^/*$', remote: 'remote_studio' },
    { pattern: '^/+videos/+new/+[^/]+/*$', remote: 'remote_studio' },
    { pattern: '^/+billing/*$', remote: 'remote_billing' },
  ];
  writeFileSync(join(dir, 'first-screens.json'), JSON.stringify({ remoteEntry: 'remoteEntry.js', screens }));
  writeFileSync(join(dir, 'main.0123456789abcdef0123.js'), chunk);
  writeFileSync(join(dir, 'main.0123456789abcdef0123.js.gz'), gzipSync(chunk));
  server = (await serveStatic({
    dir,
    port: 0,
    host: '127.0.0.1',
    spa: true,
    corsOrigins: ['http://shell.test'],
    version: '2.1.0',
    runtimeConfig: {
      apiBaseUrl: 'http://api.test',
      remotes: { remote_studio: 'http://studio.test/mf-manifest.json', remote_auth: 'http://auth.test/</script>' },
    },
  })) as Server;
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => {
  server.close();
  rmSync(dir, { recursive: true, force: true });
});

test('hashed chunks are immutable and sent precompressed; entry files are revalidated', async () => {
  const hashed = await fetch(`${base}/main.0123456789abcdef0123.js`, { headers: { 'accept-encoding': 'gzip' } });
  expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  expect(hashed.headers.get('content-encoding')).toBe('gzip');
  expect(Number(hashed.headers.get('content-length'))).toBe(gzipSync(chunk).length);
  expect(await hashed.text()).toBe(chunk);
  for (const path of ['/remoteEntry.js', '/index.html', '/']) {
    expect([path, (await fetch(`${base}${path}`)).headers.get('cache-control')]).toEqual([path, 'no-cache']);
  }
});

test("only the shell's origin may read a remote's files; the version and the SPA fallback answer", async () => {
  const entry = await fetch(`${base}/remoteEntry.js`, { headers: { origin: 'http://shell.test' } });
  expect(entry.headers.get('access-control-allow-origin')).toBe('http://shell.test');
  const elsewhere = await fetch(`${base}/remoteEntry.js`, { headers: { origin: 'http://evil.test' } });
  expect(elsewhere.headers.get('access-control-allow-origin')).toBeNull();
  expect(await (await fetch(`${base}/version.json`)).json()).toEqual({ version: '2.1.0' });
  expect(await (await fetch(`${base}/subscription`)).text()).toContain('<title>shell</title>');
  expect((await fetch(`${base}/missing.js`)).status).toBe(404);
  expect(await (await fetch(`${base}/..%2f..%2fetc%2fpasswd`)).text()).not.toContain('root:');
});

test('the shell page carries its runtime config as data, escaped, so the app starts without asking for it', async () => {
  for (const encoding of ['gzip', 'identity']) {
    const page = await (await fetch(`${base}/videos`, { headers: { 'accept-encoding': encoding } })).text();
    const data = page.match(new RegExp(`<script id="${RUNTIME_CONFIG_ELEMENT}" type="application/json">(.*?)</script></head>`))?.[1];
    expect(JSON.parse(data ?? 'null')).toEqual({
      apiBaseUrl: 'http://api.test',
      remotes: { remote_studio: 'http://studio.test/mf-manifest.json', remote_auth: 'http://auth.test/</script>' },
    });
    expect(data).not.toContain('</script>');
  }
  // Other pages and files are sent as they are.
  expect(await (await fetch(`${base}/remoteEntry.js`)).text()).toBe('var remote;');
});

test('the shell page carries its CSP, referrer, device permissions, opener policy and preconnect hints', async () => {
  const page = await fetch(`${base}/avatars`);
  expect(page.headers.get('content-security-policy')).toContain("script-src 'self' http://studio.test");
  expect(page.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
  expect(page.headers.get('permissions-policy')).toContain('camera=(self), microphone=(self)');
  expect(page.headers.get('permissions-policy')).toContain('geolocation=()');
  expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin');
  // The API and the remotes are connected to while the page's script is still on its way.
  expect(page.headers.get('link')).toContain('<http://api.test>; rel=preconnect; crossorigin');
  expect(page.headers.get('link')).toContain('<http://studio.test>; rel=preconnect; crossorigin');
  expect(await (await fetch(`${base}/runtime-config.json`)).json()).toMatchObject({ apiBaseUrl: 'http://api.test' });
  // Files other than pages carry none of them.
  expect((await fetch(`${base}/remoteEntry.js`)).headers.get('permissions-policy')).toBeNull();
});

test("the shell page has the browser fetch its screen's remote (manifest and entry) together with the shell's script", async () => {
  const preloads = async (path: string) =>
    ((await fetch(`${base}${path}`)).headers.get('link') ?? '').split(', ').filter((link) => link.includes('rel=preload'));
  const studio = [
    '<http://studio.test/mf-manifest.json>; rel=preload; as=fetch; crossorigin',
    '<http://studio.test/remoteEntry.js>; rel=preload; as=script',
  ];
  expect(await preloads('/videos/new/av-1')).toEqual(studio);
  expect(await preloads('/')).toEqual(studio);
  expect(await preloads('/videos/new/av-1/')).toEqual(studio);
  // A path of no screen, or of a remote the config leaves out, preloads nothing.
  expect(await preloads('/videos/new')).toEqual([]);
  expect(await preloads('/billing')).toEqual([]);
});
