// `pnpm bench:api`: the API under load on the embedded database. autocannon runs a Fastify hello-world,
// then authenticated GET /api/profile, then a mixed read workload (profile, teams, avatars, videos,
// quota), BENCH_SECONDS each (30), all in this process, and prints requests/s and p50/p99 with each
// ratio to hello-world. Then BENCH_USERS people (50) each create a video at once: errors, every video
// ready, and how long they waited in the queue.
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { eq, inArray } from 'drizzle-orm';
import type { AddressInfo } from 'node:net';
import { videos } from '../src/db/schema';
import { build, call, onboardedUser, readyLoopAvatar, subscribe, type TestApp } from '../test/helper';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 30);
const USERS = Number(process.env.BENCH_USERS ?? 50);
const CONNECTIONS = 10;

type Run = { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number };

async function load(name: string, url: string, requests: autocannon.Request[], headers: Record<string, string> = {}): Promise<Run> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: SECONDS, headers, requests });
  return {
    name,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors,
    non2xx: result.non2xx,
  };
}

const address = (server: { address(): AddressInfo | string | null }) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

async function readLoad(t: TestApp) {
  const hello = Fastify();
  hello.get('/', async () => ({ hello: 'world' }));
  await hello.listen({ port: 0, host: '127.0.0.1' });
  const user = await onboardedUser(t.app, 'bench-reader@example.com', 'Bench team');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const base = address(t.app.server);
  const auth = { authorization: `Bearer ${user.token}` };
  const team = `/api/teams/${user.teamId}`;
  const runs: Run[] = [];
  runs.push(await load('hello-world (Fastify, same process)', address(hello.server), [{ method: 'GET', path: '/' }]));
  runs.push(await load('GET /api/profile', base, [{ method: 'GET', path: '/api/profile' }], auth));
  runs.push(
    await load(
      'mixed reads',
      base,
      ['/api/profile', '/api/teams', `${team}/avatars?page=1&page_size=12`, `${team}/videos?page=1&page_size=12`, '/api/users/quota'].map(
        (path) => ({ method: 'GET', path }),
      ),
      auth,
    ),
  );
  await hello.close();
  const baseline = runs[0]!.rps;
  console.log(`\n${SECONDS} s each, ${CONNECTIONS} connections, database: ${t.database.kind}:`);
  console.log('workload                              requests/s   p50 ms   p99 ms   vs hello-world   errors   non-2xx');
  for (const run of runs)
    console.log(
      `${run.name.padEnd(36)}  ${run.rps.toFixed(0).padStart(10)}   ${String(run.p50).padStart(6)}   ${String(run.p99).padStart(6)}   ${((run.rps / baseline) * 100).toFixed(0).padStart(13)}%   ${String(run.errors).padStart(6)}   ${String(run.non2xx).padStart(7)}`,
    );
}

async function videoRush(t: TestApp) {
  const people = await Promise.all(
    Array.from({ length: USERS }, async (_, i) => {
      const user = await onboardedUser(t.app, `bench-maker-${i}@example.com`, `Maker ${i}`);
      await subscribe(t, user.token, 'price_studio_month_usd');
      return { ...user, avatarId: await readyLoopAvatar(t, user.teamId) };
    }),
  );
  const started = Date.now();
  const answers = await Promise.all(
    people.map((p, i) =>
      call(t.app, {
        method: 'POST',
        url: `/api/teams/${p.teamId}/videos`,
        token: p.token,
        body: { name: `Rush ${i}`, avatar_id: p.avatarId, language: 'en', script: 'A short line for the queue benchmark.' },
      }),
    ),
  );
  const refused = answers.filter((a) => a.status !== 202);
  const ids = answers.filter((a) => a.status === 202).map((a) => a.body.id as string);
  const readyAt = new Map<string, number>();
  while (readyAt.size < ids.length && Date.now() - started < 30 * 60_000) {
    const rows = await t.database.db.select({ id: videos.id, status: videos.status }).from(videos).where(inArray(videos.id, ids));
    for (const row of rows) if (row.status !== 'in_progress' && !readyAt.has(row.id)) readyAt.set(row.id, Date.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const failed = (await t.database.db.select({ id: videos.id }).from(videos).where(eq(videos.status, 'failed'))).length;
  const waits = [...readyAt.values()].sort((a, b) => a - b);
  const at = (q: number) => ((waits[Math.min(waits.length - 1, Math.floor(q * waits.length))] ?? 0) / 1000).toFixed(1);
  console.log(`\n${USERS} people creating a video at once (one worker in the API process):`);
  console.log(
    `  refused: ${refused.length}${refused.length ? ` (${refused.map((r) => `${r.status} ${r.body?.code}`).join(', ')})` : ''}, failed: ${failed}, ready: ${waits.length - failed} of ${ids.length}`,
  );
  console.log(
    `  from creation to ready: first ${at(0)} s, median ${at(0.5)} s, last ${at(1)} s (each waits for the ones queued before it)`,
  );
  console.log(`  ${(ids.length / (waits.at(-1)! / 1000)).toFixed(2)} videos/s through the queue`);
}

async function main() {
  const t = await build({ LOG_LEVEL: 'silent', RATE_LIMIT_MAX: '100000000', JOB_CAPACITY: '1000', WATERMARK: 'false' });
  try {
    await readLoad(t);
    await videoRush(t);
  } finally {
    await t.close();
  }
}

void main();
