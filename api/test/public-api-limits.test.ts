// The per-key rate limit of /api/v1: RateLimit-* headers, 429 with Retry-After, each key its own count,
// and the count shared by two API processes on one database (as replicas behind a load balancer).
import { buildApp } from '../src/app';
import { build, call, onboardedUser, type TestApp } from './helper';
import { publicApiContract } from './contract';

const contract = publicApiContract();
let t: TestApp;
const keys: string[] = [];

beforeAll(async () => {
  t = await build({ API_KEY_RATE_LIMIT_MAX: '3', RUN_WORKER: 'false' }, { onAnswer: contract.onAnswer });
  for (const email of ['limited@example.com', 'unlimited@example.com']) {
    const user = await onboardedUser(t.app, email);
    keys.push((await call(t.app, { method: 'POST', url: `/api/teams/${user.teamId}/api-key`, token: user.token })).body.api_key as string);
  }
});
afterAll(() => t.close());

test('three requests a minute per key, told in RateLimit-* headers; the fourth is 429 with Retry-After, on every replica', async () => {
  const replica = await buildApp(t.config, { database: t.database });
  try {
    const get = (app: typeof replica, key: string) => app.inject({ url: '/api/v1/team', headers: { 'x-api-key': key } });
    const first = await get(t.app, keys[0]!);
    expect(first.statusCode).toBe(200);
    expect(first.headers['ratelimit-limit']).toBe('3');
    expect(first.headers['ratelimit-remaining']).toBe('2');
    expect((await get(replica, keys[0]!)).headers['ratelimit-remaining']).toBe('1');
    expect((await get(t.app, keys[0]!)).statusCode).toBe(200);

    for (const app of [replica, t.app]) {
      const refused = await get(app, keys[0]!);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ code: 'rate_limited' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(60);
    }
    // Another team's key has its own count.
    expect((await get(replica, keys[1]!)).statusCode).toBe(200);
  } finally {
    await replica.close();
  }
});

test('every /api/v1 answer above is one the OpenAPI document declares, in its schema', () => {
  console.log(`Contract: ${contract.answers.size} kinds of /api/v1 answer checked, ${contract.violations.length} violations.`);
  expect(contract.violations).toEqual([]);
  expect(contract.answers.size).toBeGreaterThan(0);
});
