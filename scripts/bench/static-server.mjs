// Node's static server (scripts/lib/static-server.mjs, what the frontend images run) against nginx with
// the same headers, serving the built shell: requests per second and p99 latency for index.html and the
// largest content-hashed chunk (gzip, precompressed for both), 32 keep-alive connections, 5 s each.
// Usage: pnpm build && node scripts/bench/static-server.mjs   (nginx from Debian's nginx-light, if installed)
import { spawn } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root } from '../lib/frontends.mjs';
import { serveStatic } from '../lib/static-server.mjs';

const CONNECTIONS = 32;
const SECONDS = 5;

// A copy of the shell's build with .gz files beside the compressible ones, as the frontend image has.
const source = join(root, 'shell', 'dist');
if (!existsSync(join(source, 'index.html'))) throw new Error('Build the frontends first (pnpm build).');
const dir = mkdtempSync(join(tmpdir(), 'bench-static-'));
for (const name of readdirSync(source)) {
  if (!statSync(join(source, name)).isFile()) continue;
  copyFileSync(join(source, name), join(dir, name));
  if (/\.(js|css|html|json)$/.test(name)) writeFileSync(join(dir, `${name}.gz`), gzipSync(readFileSync(join(source, name)), { level: 9 }));
}
const chunk = readdirSync(dir)
  .filter((name) => /\.[0-9a-f]{16,}\.js$/.test(name))
  .sort((a, b) => statSync(join(dir, b)).size - statSync(join(dir, a)).size)[0];

async function load(port, path) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const latencies = [];
  const deadline = Date.now() + SECONDS * 1000;
  const one = () =>
    new Promise((resolve, reject) => {
      const started = process.hrtime.bigint();
      http
        .get({ port, path, agent, headers: { 'accept-encoding': 'gzip' } }, (response) => {
          response.resume();
          response.on('end', () => {
            latencies.push(Number(process.hrtime.bigint() - started) / 1e6);
            resolve(response.statusCode);
          });
        })
        .on('error', reject);
    });
  await Promise.all(
    Array.from({ length: CONNECTIONS }, async () => {
      while (Date.now() < deadline) await one();
    }),
  );
  agent.destroy();
  latencies.sort((a, b) => a - b);
  return { rps: Math.round(latencies.length / SECONDS), p99: latencies[Math.floor(latencies.length * 0.99)].toFixed(1) };
}

async function report(name, port) {
  for (const path of ['/index.html', `/${chunk}`]) {
    const { rps, p99 } = await load(port, path);
    console.log(`${name.padEnd(6)} ${path.padEnd(36)} ${String(rps).padStart(6)} req/s   p99 ${p99} ms`);
  }
}

const node = await serveStatic({ dir, port: 0, host: '127.0.0.1', corsOrigins: ['http://localhost:8080'] });
await report('node', node.address().port);
node.close();

const nginxBinary = ['/usr/sbin/nginx'].find(existsSync);
if (!nginxBinary) {
  console.log('nginx is not installed (apt-get install nginx-light): only Node was measured.');
  process.exit(0);
}
const conf = join(dir, 'nginx.conf');
writeFileSync(
  conf,
  `daemon off; worker_processes 1; pid ${dir}/nginx.pid; error_log ${dir}/error.log;
events { worker_connections 1024; }
http {
  access_log off; include /etc/nginx/mime.types; client_body_temp_path ${dir}; proxy_temp_path ${dir};
  fastcgi_temp_path ${dir}; uwsgi_temp_path ${dir}; scgi_temp_path ${dir};
  server {
    listen 127.0.0.1:18399; root ${dir}; gzip_static on;
    add_header Access-Control-Allow-Origin http://localhost:8080; add_header X-Content-Type-Options nosniff;
    location ~ "\\.[0-9a-f]{16,}\\.[a-z0-9]+$" { add_header Cache-Control "public, max-age=31536000, immutable"; }
    location / { add_header Cache-Control no-cache; try_files $uri /index.html; }
  }
}`,
);
const nginx = spawn(nginxBinary, ['-c', conf], { stdio: 'inherit' });
await new Promise((resolve) => setTimeout(resolve, 500));
await report('nginx', 18399);
nginx.kill('SIGQUIT');
