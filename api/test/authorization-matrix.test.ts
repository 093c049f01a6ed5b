import { webhookDeliveries, webhookEndpoints } from '../src/db/schema';
import { build, call, latestMail, onboardedUser, signUp, type TestApp } from './helper';

/**
 * Every team endpoint x {anonymous, outsider, member, owner}: the status each gets, and that nothing of
 * the team reaches someone outside it. Destructive calls get a fresh target per actor.
 */
let t: TestApp;
let teamId: string;
const tokens: Record<'owner' | 'member' | 'outsider', string> = { owner: '', member: '', outsider: '' };
type Actor = 'anonymous' | keyof typeof tokens;
const ACTORS: Actor[] = ['anonymous', 'outsider', 'member', 'owner'];
const TEAM_NAME = 'Secret Team';

let counter = 0;
async function addMember() {
  const email = `extra-${(counter += 1)}@example.com`;
  const invited = await call(t.app, { method: 'POST', url: `/api/teams/${teamId}/invitations`, token: tokens.owner, body: { email } });
  const code = (await latestMail(t.app, email)).text.match(/join\?code=([\w-]+)/)![1];
  const token = await signUp(t.app, email);
  const joined = await call(t.app, { method: 'POST', url: '/api/teams/join', token, body: { code } });
  expect(joined.status).toBe(200);
  const profile = await call(t.app, { url: '/api/profile', token });
  return { invitationId: invited.body.id as string, userId: profile.body.id as string, token };
}
async function pendingInvitation() {
  const email = `pending-${(counter += 1)}@example.com`;
  return (await call(t.app, { method: 'POST', url: `/api/teams/${teamId}/invitations`, token: tokens.owner, body: { email } })).body
    .id as string;
}

/** A webhook endpoint of the team (a host that never resolves: nothing leaves this machine). */
async function webhookEndpoint() {
  const [row] = await t.database.db
    .insert(webhookEndpoints)
    .values({ teamId, url: 'https://hooks.invalid/kagami', events: ['video.ready'] })
    .returning();
  return row!.id;
}
async function webhookDelivery() {
  const [row] = await t.database.db
    .insert(webhookDeliveries)
    .values({
      teamId,
      url: 'https://hooks.invalid/kagami',
      event: 'video.ready',
      payload: { team: TEAM_NAME },
      status: 'failed',
      retryUntil: new Date(),
    })
    .returning();
  return row!.id;
}

beforeAll(async () => {
  t = await build();
  const owner = await onboardedUser(t.app, 'owner@example.com', TEAM_NAME);
  tokens.owner = owner.token;
  teamId = owner.teamId;
  tokens.member = (await addMember()).token;
  tokens.outsider = (await onboardedUser(t.app, 'outsider@example.com', 'Elsewhere')).token;
});
afterAll(() => t.close());

type Row = {
  name: string;
  request: () => Promise<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; body?: unknown }>;
  expected: Record<Actor, number>;
};

const rows: Row[] = [
  {
    name: 'GET team',
    request: async () => ({ method: 'GET', url: `/api/teams/${teamId}` }),
    expected: { anonymous: 401, outsider: 404, member: 200, owner: 200 },
  },
  {
    name: 'PUT team',
    request: async () => ({ method: 'PUT', url: `/api/teams/${teamId}`, body: { name: TEAM_NAME } }),
    expected: { anonymous: 401, outsider: 404, member: 403, owner: 200 },
  },
  {
    name: 'POST invitation',
    request: async () => ({
      method: 'POST',
      url: `/api/teams/${teamId}/invitations`,
      body: { email: `new-${(counter += 1)}@example.com` },
    }),
    expected: { anonymous: 401, outsider: 404, member: 403, owner: 201 },
  },
  {
    name: 'GET members',
    request: async () => ({ method: 'GET', url: `/api/teams/${teamId}/members` }),
    expected: { anonymous: 401, outsider: 404, member: 200, owner: 200 },
  },
  {
    name: 'DELETE another member',
    request: async () => ({ method: 'DELETE', url: `/api/teams/${teamId}/members/${(await addMember()).userId}` }),
    expected: { anonymous: 401, outsider: 404, member: 403, owner: 204 },
  },
  {
    name: 'DELETE invitation',
    request: async () => ({ method: 'DELETE', url: `/api/teams/${teamId}/invitations/${await pendingInvitation()}` }),
    expected: { anonymous: 401, outsider: 404, member: 403, owner: 204 },
  },
  {
    name: 'GET api-key',
    request: async () => ({ method: 'GET', url: `/api/teams/${teamId}/api-key` }),
    expected: { anonymous: 401, outsider: 404, member: 200, owner: 200 },
  },
  {
    name: 'POST api-key',
    request: async () => ({ method: 'POST', url: `/api/teams/${teamId}/api-key` }),
    expected: { anonymous: 401, outsider: 404, member: 403, owner: 201 },
  },
  {
    name: 'GET webhooks',
    request: async () => ({ method: 'GET', url: `/api/teams/${teamId}/webhooks` }),
    expected: { anonymous: 401, outsider: 404, member: 200, owner: 200 },
  },
  {
    name: 'POST webhook endpoint',
    request: async () => ({
      method: 'POST',
      url: `/api/teams/${teamId}/webhooks`,
      body: { url: 'https://93.184.216.34/hook', events: ['video.ready'] },
    }),
    expected: { anonymous: 401, outsider: 404, member: 403, owner: 201 },
  },
  {
    name: 'DELETE webhook endpoint',
    request: async () => ({ method: 'DELETE', url: `/api/teams/${teamId}/webhooks/${await webhookEndpoint()}` }),
    expected: { anonymous: 401, outsider: 404, member: 403, owner: 204 },
  },
  {
    name: 'POST webhook test event',
    request: async () => ({ method: 'POST', url: `/api/teams/${teamId}/webhooks/${await webhookEndpoint()}/test` }),
    expected: { anonymous: 401, outsider: 404, member: 403, owner: 202 },
  },
  {
    name: 'POST webhook secret',
    request: async () => ({ method: 'POST', url: `/api/teams/${teamId}/webhooks/secret` }),
    expected: { anonymous: 401, outsider: 404, member: 403, owner: 200 },
  },
  {
    name: 'GET webhook deliveries',
    request: async () => ({ method: 'GET', url: `/api/teams/${teamId}/webhooks/deliveries` }),
    expected: { anonymous: 401, outsider: 404, member: 200, owner: 200 },
  },
  {
    name: 'POST webhook resend',
    request: async () => ({ method: 'POST', url: `/api/teams/${teamId}/webhooks/deliveries/${await webhookDelivery()}/resend` }),
    expected: { anonymous: 401, outsider: 404, member: 403, owner: 202 },
  },
  {
    name: 'PUT current-team',
    request: async () => ({ method: 'PUT', url: '/api/users/current-team', body: { team_id: teamId } }),
    expected: { anonymous: 401, outsider: 404, member: 200, owner: 200 },
  },
];

describe.each(rows)('$name', ({ request, expected }) => {
  test.each(ACTORS)('%s', async (actor) => {
    const response = await call(t.app, { ...(await request()), token: actor === 'anonymous' ? undefined : tokens[actor] });
    expect(response.status).toBe(expected[actor]);
    if (actor === 'outsider' || actor === 'anonymous') {
      const text = JSON.stringify(response.body ?? {});
      expect(text).not.toContain(TEAM_NAME);
      expect(text).not.toContain('owner@example.com');
    }
  });
});

test("an outsider's team list and profile hold nothing of the team", async () => {
  const teams = await call(t.app, { url: '/api/teams', token: tokens.outsider });
  const profile = await call(t.app, { url: '/api/profile', token: tokens.outsider });
  expect(JSON.stringify([teams.body, profile.body])).not.toContain(TEAM_NAME);
});
