// `pnpm bench:upload`: a 1 GB resumable upload to the API running as its own process, on loopback, into its data
// folder and then into a bucket (s3rver on this machine's disk, as the tests run it): throughput, and the API's peak
// resident memory (read from /proc while the bytes flow).
import { spawn } from 'node:child_process';
import { createReadStream, mkdtempSync, openSync, readFileSync, rmSync, statSync, writeSync, closeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as tus from 'tus-js-client';
import { runFfmpeg } from '../src/media/tools';
import { s3Env, startS3 } from '../test/storage/s3-server';

const SIZE = 1024 ** 3;
const PORT = 3300;
const API = `http://127.0.0.1:${PORT}`;

const rssMb = (pid: number) => Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)![1]) / 1024;

async function json(path: string, body?: object, token?: string) {
  const response = await fetch(`${API}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body && JSON.stringify(body),
  });
  return response.json() as Promise<Record<string, never>>;
}

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'kagami-bench-upload-'));
  // A real 35 s video, then padding to 1 GB: the file passes the content check when it completes.
  const file = join(dir, 'big.mp4');
  await runFfmpeg([
    '-f',
    'lavfi',
    '-i',
    'testsrc=size=320x240:rate=25:duration=35',
    '-c:v',
    'libx264',
    '-preset',
    'ultrafast',
    '-movflags',
    '+faststart',
    file,
  ]);
  const fd = openSync(file, 'a');
  const block = Buffer.alloc(16 * 1024 * 1024);
  for (let size = statSync(file).size; size < SIZE; size += block.length) writeSync(fd, block, 0, Math.min(block.length, SIZE - size));
  closeSync(fd);

  try {
    await uploadTo('into the data folder', file, { DATA_DIR: join(dir, 'data') });
    const s3 = await startS3('kagami-bench');
    try {
      await uploadTo('into the bucket', file, { DATA_DIR: join(dir, 'data-s3'), ...s3Env(s3) });
    } finally {
      await s3.close();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the API with `env`, signs a user up and uploads `file` (1 GB) with tus; prints the figures. */
async function uploadTo(label: string, file: string, env: Record<string, string>) {
  const api = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    env: { ...process.env, ...env, PORT: String(PORT), LOG_LEVEL: 'warn', AUTH_RATE_LIMIT_MAX: '1000', RUN_WORKER: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  try {
    for (let i = 0; i < 200; i += 1) {
      if (
        await fetch(`${API}/api/health`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const email = `bench-${Date.now()}@example.com`;
    await json('/api/auth/send-verification-code', { email });
    const code = (await json(`/api/dev/mailbox?to=${email}`)).messages![0]!['text'] as unknown as string;
    const { token } = await json('/api/auth/signup', { email, password: 'bench-pass-1', code: code.match(/\b(\d{6})\b/)![1] });
    const team = await json('/api/teams', { name: 'Bench' }, token);

    const idleRss = rssMb(api.pid!);
    let peakRss = idleRss;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(api.pid!))), 100);
    const started = performance.now();
    await new Promise<void>((resolve, reject) => {
      const upload = new tus.Upload(createReadStream(file), {
        endpoint: `${API}/api/uploads`,
        uploadSize: SIZE,
        chunkSize: 64 * 1024 * 1024,
        headers: { Authorization: `Bearer ${token}` },
        metadata: { team_id: String(team.id), purpose: 'avatar_video', filename: 'big.mp4', filetype: 'video/mp4' },
        onSuccess: () => resolve(),
        onError: reject,
      });
      upload.start();
    });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    console.log(`${label}: 1 GB in ${seconds.toFixed(1)} s, ${(SIZE / 1024 ** 2 / seconds).toFixed(0)} MB/s`);
    console.log(`  API resident memory: ${idleRss.toFixed(0)} MB before, ${peakRss.toFixed(0)} MB at peak`);
  } finally {
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
  }
}

void main();
