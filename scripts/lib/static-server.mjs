// A small static file server for built frontends (npm start, and each frontend's container): gzip
// (a precompressed `.gz` beside a file when the build made one), cache headers that suit hashed chunks,
// CORS for remotes, an SPA fallback, the shell's runtime-config.json and the build's version.
import { createServer } from 'node:http';
import { createReadStream, existsSync, readFileSync, statSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { createGzip, gzipSync } from 'node:zlib';

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.txt': 'text/plain; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.json', '.css', '.map', '.svg', '.txt']);
/** Only a name carrying its content hash (webpack's `[contenthash]`) is immutable; every other file is revalidated. */
const CONTENT_HASHED = /\.[0-9a-f]{16,}\.[a-z0-9]+$/;

const originOf = (url) => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * The shell page's Content Security Policy, from its runtime config: scripts only from the shell and the
 * remotes' origins (no inline script, no eval), data from the API and the remotes, media from the API.
 * Styles may be inline: the UI kit writes its styles into <style> elements at run time.
 * @param {{ apiBaseUrl: string, googleClientId?: string, remotes: Record<string, string> }} config
 */
export function contentSecurityPolicy(config) {
  const remotes = [
    ...new Set(
      Object.values(config.remotes ?? {})
        .map(originOf)
        .filter(Boolean),
    ),
  ];
  const api = originOf(config.apiBaseUrl) ?? '';
  const google = config.googleClientId ? ['https://accounts.google.com'] : [];
  const list = (...sources) => [...new Set(sources.flat().filter(Boolean))].join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list(
      "'self'",
      remotes,
      google.map((g) => `${g}/gsi/client`),
    )}`,
    `style-src ${list(
      "'self'",
      "'unsafe-inline'",
      google.map((g) => `${g}/gsi/style`),
    )}`,
    `connect-src ${list("'self'", api, remotes, google)}`,
    `img-src ${list("'self'", 'data:', 'blob:', api)}`,
    `media-src ${list("'self'", 'blob:', api)}`,
    `font-src 'self' data:`,
    `frame-src ${google.length ? list(google) : "'none'"}`,
    `worker-src 'self' blob:`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** What the shell page may use: the camera and microphone (recording an avatar) and nothing else of the device. */
const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=(self)',
  'display-capture=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
].join(', ');

/**
 * The origins the shell's page talks to before it can show anything (the API and the remotes), as `Link` preconnect
 * hints: on a phone's connection each saves the DNS, TCP and TLS round trips that would otherwise wait for the script
 * that first asks. `crossorigin`, as the API calls and the remotes' manifests are CORS requests.
 */
export function preconnectLinks(config) {
  const origins = [originOf(config.apiBaseUrl), ...Object.values(config.remotes ?? {}).map(originOf)].filter(Boolean);
  return [...new Set(origins)].map((origin) => `<${origin}>; rel=preconnect; crossorigin`).join(', ');
}

/** Headers of the shell page: its CSP, referrer and device permissions, and a browsing context of its own (Google sign-in opens a popup). */
export function shellPageHeaders(config) {
  const links = preconnectLinks(config);
  return {
    'Content-Security-Policy': contentSecurityPolicy(config),
    ...(links ? { Link: links } : {}),
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': config.googleClientId ? 'same-origin-allow-popups' : 'same-origin',
  };
}

/** The build's first-screens.json, each screen's pattern compiled. */
function readFirstScreens(file) {
  const { remoteEntry, screens } = JSON.parse(readFileSync(file, 'utf8'));
  return { remoteEntry, screens: screens.map(({ pattern, remote }) => ({ pattern: new RegExp(pattern), remote })) };
}

/**
 * `Link` preloads for the page at `pathname`: the manifest and entry of the remote that shows it (from the build's
 * first-screens.json), so they arrive with the shell's own script. Left to the script, they were asked for one after
 * the other once it had run: two round trips before the first screen on a phone's connection.
 */
export function firstScreenPreloads(firstScreens, remotes, pathname) {
  const screen = firstScreens?.screens.find((candidate) => candidate.pattern.test(pathname));
  const manifest = screen && remotes?.[screen.remote];
  if (!manifest) return [];
  const entry = new URL(firstScreens.remoteEntry, manifest).href;
  return [`<${manifest}>; rel=preload; as=fetch; crossorigin`, `<${entry}>; rel=preload; as=script`];
}

/** The element the shell page carries its runtime config in: data, not script, so the CSP's ban on inline script holds. */
export const RUNTIME_CONFIG_ELEMENT = 'kagami-runtime-config';

/**
 * The shell page with its runtime config written in, so the app starts without first asking for
 * runtime-config.json: on a phone's connection that request cost a round trip before anything could render.
 */
function pageWithConfig(html, config) {
  const data = JSON.stringify(config).replace(/</g, '\\u003c');
  const element = `<script id="${RUNTIME_CONFIG_ELEMENT}" type="application/json">${data}</script>`;
  return html.replace('</head>', `${element}</head>`);
}

const json = (response, body) => {
  response.writeHead(200, { 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-store' });
  response.end(JSON.stringify(body));
};

/**
 * `corsOrigins`: the origins (the shell's) that may read a remote's files; any origin when left out.
 * `runtimeConfig`: the shell's, answered at /runtime-config.json and giving its page's headers.
 * `version`: answered at /version.json.
 * @param {{ dir: string, port: number, spa?: boolean, runtimeConfig?: object, host?: string, corsOrigins?: string[], version?: string }} options
 */
export function serveStatic({ dir, port, spa = false, runtimeConfig, host = '0.0.0.0', corsOrigins, version }) {
  const pageHeaders = runtimeConfig ? shellPageHeaders(runtimeConfig) : {};
  /** The shell page with its config, made once per build of index.html rather than on every request. */
  let made = null;
  const shellPage = (file, mtimeMs) => {
    if (made?.mtimeMs !== mtimeMs) {
      const plain = Buffer.from(pageWithConfig(readFileSync(file, 'utf8'), runtimeConfig));
      const screensFile = join(dir, 'first-screens.json');
      const firstScreens = existsSync(screensFile) ? readFirstScreens(screensFile) : null;
      made = { mtimeMs, plain, gzipped: gzipSync(plain), firstScreens };
    }
    return made;
  };
  const corsOrigin = corsOrigins?.length ? corsOrigins : null;
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://x');
    if (!corsOrigin) response.setHeader('Access-Control-Allow-Origin', '*');
    else if (corsOrigin.includes(request.headers.origin)) response.setHeader('Access-Control-Allow-Origin', request.headers.origin);
    if (corsOrigin) response.setHeader('Vary', 'Origin');
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (runtimeConfig && url.pathname === '/runtime-config.json') return json(response, runtimeConfig);
    if (version && url.pathname === '/version.json') return json(response, { version });
    let relativePath = normalize(decodeURIComponent(url.pathname)).replace(/^(\.\.[/\\])+/, '');
    let file = join(dir, relativePath);
    if (!file.startsWith(dir)) return response.writeHead(403).end();
    let stats = statSync(file, { throwIfNoEntry: false });
    if (!stats?.isFile()) {
      if (!spa || extname(relativePath)) return response.writeHead(404, { 'Content-Type': TYPES['.txt'] }).end('Not found');
      relativePath = '/index.html';
      file = join(dir, 'index.html');
      stats = statSync(file);
    }
    const ext = extname(file);
    const isShellPage = runtimeConfig && relativePath.replace(/^\//, '') === 'index.html';
    const headers = {
      ...(ext === '.html' ? pageHeaders : {}),
      'Content-Type': TYPES[ext] ?? 'application/octet-stream',
      'Cache-Control': CONTENT_HASHED.test(relativePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
      Vary: corsOrigin ? 'Origin, Accept-Encoding' : 'Accept-Encoding',
    };
    const acceptsGzip = /\bgzip\b/.test(request.headers['accept-encoding'] ?? '');
    if (isShellPage) {
      const page = shellPage(file, stats.mtimeMs);
      const body = acceptsGzip ? page.gzipped : page.plain;
      const links = [headers.Link, ...firstScreenPreloads(page.firstScreens, runtimeConfig.remotes, url.pathname)].filter(Boolean);
      if (links.length) headers.Link = links.join(', ');
      response.writeHead(200, { ...headers, ...(acceptsGzip ? { 'Content-Encoding': 'gzip' } : {}), 'Content-Length': body.length });
      return response.end(body);
    }
    if (COMPRESSIBLE.has(ext) && acceptsGzip) {
      const precompressed = statSync(`${file}.gz`, { throwIfNoEntry: false });
      if (precompressed && precompressed.mtimeMs >= stats.mtimeMs) {
        response.writeHead(200, { ...headers, 'Content-Encoding': 'gzip', 'Content-Length': precompressed.size });
        return createReadStream(`${file}.gz`).pipe(response);
      }
      response.writeHead(200, { ...headers, 'Content-Encoding': 'gzip' });
      return createReadStream(file).pipe(createGzip()).pipe(response);
    }
    response.writeHead(200, { ...headers, 'Content-Length': stats.size });
    createReadStream(file).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve(server));
  });
}
