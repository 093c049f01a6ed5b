// Sessions and team lists are kept in memory by each API process (auth-cache.ts). These check that
// what is kept never outlives a change: made through another API process, made in the database
// directly, reached by time (expiry), made by the process's own request before its notice arrives, or
// made while the process could not hear the change notices.
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../src/app';
import type { NoticeHandlers } from '../src/db/notices';
import { sessions, teams, users } from '../src/db/schema';
import { randomToken, sha256 } from '../src/lib/secrets';
import { build, call, eventually, onboardedUser, type TestApp } from './helper';

let t: TestApp;
/** A second API process on the same database, as a replica behind a load balancer. */
let replica: FastifyInstance;
beforeAll(async () => {
  t = await build();
  replica = await buildApp(t.config, { database: t.database });
});
afterAll(async () => {
  await replica.close();
  await t.close();
});

const profile = (token: string) => call(t.app, { url: '/api/profile', token });
const soon = <T>(read: () => Promise<T>, done: (value: T) => boolean) => eventually(read, done, 5_000);

test('a session revoked through another API process is refused here too', async () => {
  const { token } = await onboardedUser(t.app, 'replica-logout@example.com');
  expect((await profile(token)).status).toBe(200);
  expect((await call(replica, { method: 'POST', url: '/api/logout', token })).status).toBe(204);
  expect(
    await soon(
      () => profile(token),
      (answer) => answer.status === 401,
    ),
  ).toMatchObject({ body: { code: 'unauthorized' } });
});

test('a team renamed through another API process shows in the profile and the team list here', async () => {
  const { token, teamId } = await onboardedUser(t.app, 'replica-rename@example.com', 'Before');
  expect((await profile(token)).body.current_team).toMatchObject({ name: 'Before' });
  const renamed = await call(replica, { method: 'PUT', url: `/api/teams/${teamId}`, token, body: { name: 'After' } });
  expect(renamed.status).toBe(200);
  const seen = await soon(
    () => profile(token),
    (answer) => answer.body.current_team?.name === 'After',
  );
  expect(seen.body.teams).toEqual([expect.objectContaining({ id: teamId, name: 'After', role: 'owner' })]);
  expect((await call(t.app, { url: '/api/teams', token })).body).toEqual([expect.objectContaining({ name: 'After' })]);
});

test('a change made in the database directly (no API request) is seen', async () => {
  const { token, teamId } = await onboardedUser(t.app, 'direct@example.com');
  const before = await profile(token);
  await t.database.db.update(users).set({ name: 'Changed directly' }).where(eq(users.id, before.body.id));
  expect(
    (
      await soon(
        () => profile(token),
        (answer) => answer.body.name === 'Changed directly',
      )
    ).status,
  ).toBe(200);
  await t.database.db.update(teams).set({ name: 'Renamed directly' }).where(eq(teams.id, teamId));
  await soon(
    () => profile(token),
    (answer) => answer.body.current_team?.name === 'Renamed directly',
  );
  await t.database.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, before.body.id));
  expect(
    (
      await soon(
        () => profile(token),
        (answer) => answer.status === 401,
      )
    ).status,
  ).toBe(401);
});

test('a session kept in memory stops at its expiry', async () => {
  const { token } = await onboardedUser(t.app, 'expiry@example.com');
  const userId = (await profile(token)).body.id;
  const brief = randomToken();
  await t.database.db.insert(sessions).values({ userId, tokenHash: sha256(brief), expiresAt: new Date(Date.now() + 1_500) });
  expect((await profile(brief)).status).toBe(200);
  expect((await profile(brief)).status).toBe(200);
  await new Promise((resolve) => setTimeout(resolve, 1_600));
  expect((await profile(brief)).status).toBe(401);
});

test("a token its own request revoked is refused at once, before the change's notice arrives: logout, and refresh's old token", async () => {
  // A process whose notices are held back (a busy database, a slow network): what it keeps must still follow its own requests.
  const hearsNothing = async (_channel: string, handlers: NoticeHandlers) => (handlers.hearing(true), async () => {});
  const slow = await buildApp(t.config, { database: { ...t.database, listen: hearsNothing } });
  try {
    const { token } = await onboardedUser(slow, 'late-notices@example.com');
    const refreshed = await call(slow, { url: '/api/refresh', token });
    expect(refreshed.status).toBe(200);
    expect((await call(slow, { url: '/api/profile', token })).status).toBe(401);
    const current = refreshed.body.access_token as string;
    expect((await call(slow, { url: '/api/profile', token: current })).status).toBe(200);
    expect((await call(slow, { method: 'POST', url: '/api/logout', token: current })).status).toBe(204);
    expect((await call(slow, { url: '/api/profile', token: current })).status).toBe(401);
  } finally {
    await slow.close();
  }
});

const describeWithPostgres = process.env.TEST_DATABASE_URL ? describe : describe.skip;
describeWithPostgres('while the change notices cannot be heard', () => {
  /** The connections LISTENing on the test database (one per API process). */
  const listeners = async (admin: pg.Client) =>
    (
      await admin.query<{ pid: number }>("select pid from pg_stat_activity where datname = $1 and query ilike 'LISTEN%'", [
        new URL(t.database.url!).pathname.slice(1),
      ])
    ).rows.map((row) => row.pid);

  test('nothing kept is trusted, and once the listener is back changes are heard again', async () => {
    const { token } = await onboardedUser(t.app, 'deaf@example.com');
    const userId = (await profile(token)).body.id;
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      const before = await listeners(admin);
      expect(before).toHaveLength(2);
      await admin.query('select pg_terminate_backend(pid) from unnest($1::int[]) as pid', [before]);
      await t.database.db.update(users).set({ name: 'Said while deaf' }).where(eq(users.id, userId));
      expect((await profile(token)).body.name).toBe('Said while deaf');
      const after = await eventually(
        () => listeners(admin),
        (pids) => pids.length === 2 && pids.every((pid) => !before.includes(pid)),
        10_000,
      );
      expect(after).toHaveLength(2);
      expect((await profile(token)).body.name).toBe('Said while deaf');
      await t.database.db.update(users).set({ name: 'Said once back' }).where(eq(users.id, userId));
      await soon(
        () => profile(token),
        (answer) => answer.body.name === 'Said once back',
      );
    } finally {
      await admin.end();
    }
  });
});
