import { eq } from 'drizzle-orm';
import { invitations } from '../src/db/schema';
import { build, call, codeIn, latestMail, onboardedUser, PASSWORD, signUp, type TestApp } from './helper';

let t: TestApp;
let owner: { token: string; teamId: string };
let outsider: { token: string; teamId: string };
beforeAll(async () => {
  t = await build();
  owner = await onboardedUser(t.app, 'owner@example.com', 'Owners');
  outsider = await onboardedUser(t.app, 'outsider@example.com', 'Elsewhere');
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, body?: unknown) => call(t.app, { method, url, token, body });

async function invite(email: string, language = 'en') {
  const created = await req('POST', `/api/teams/${owner.teamId}/invitations`, owner.token, { email, language });
  expect(created.status).toBe(201);
  const mail = await latestMail(t.app, email);
  return mail.text.match(/join\?code=([\w-]+)/)![1]!;
}

test('the first team becomes current and shows in the profile', async () => {
  const profile = await req('GET', '/api/profile', owner.token);
  expect(profile.body.current_team).toEqual({ id: owner.teamId, name: 'Owners', role: 'owner' });
  expect(profile.body.teams).toHaveLength(1);
});

test('teams are listed with the role; another team is invisible (404)', async () => {
  expect((await req('GET', '/api/teams', owner.token)).body).toEqual([{ id: owner.teamId, name: 'Owners', role: 'owner' }]);
  expect((await req('GET', `/api/teams/${owner.teamId}`, owner.token)).body).toMatchObject({ name: 'Owners', role: 'owner' });
  expect((await req('GET', `/api/teams/${owner.teamId}`, outsider.token)).status).toBe(404);
  expect((await req('PUT', `/api/teams/${owner.teamId}`, outsider.token, { name: 'Hijacked' })).status).toBe(404);
  expect((await req('POST', `/api/teams/${owner.teamId}/invitations`, outsider.token, { email: 'x@example.com' })).status).toBe(404);
  expect((await req('PUT', '/api/users/current-team', outsider.token, { team_id: owner.teamId })).status).toBe(404);
  expect((await req('GET', '/api/teams')).status).toBe(401);
});

test('an invitation mails a join link; the invitee joins as member and the team becomes current', async () => {
  const code = await invite('member@example.com', 'ja');
  expect((await latestMail(t.app, 'member@example.com')).subject).toContain('招待');
  const token = await signUp(t.app, 'member@example.com');
  const joined = await req('POST', '/api/teams/join', token, { code });
  expect(joined).toMatchObject({ status: 200, body: { id: owner.teamId, name: 'Owners', role: 'member' } });
  expect((await req('GET', '/api/profile', token)).body.current_team.id).toBe(owner.teamId);
  // members cannot rename or invite
  expect((await req('PUT', `/api/teams/${owner.teamId}`, token, { name: 'Mine' })).status).toBe(403);
  expect((await req('POST', `/api/teams/${owner.teamId}/invitations`, token, { email: 'y@example.com' })).status).toBe(403);
  // each outcome of SPEC §4
  expect((await req('POST', '/api/teams/join', token, { code })).body.code).toBe('invitation_used');
  expect((await req('POST', `/api/teams/${owner.teamId}/invitations`, owner.token, { email: 'member@example.com' })).body.code).toBe(
    'already_member',
  );
});

test('a join link tells a signed-out visitor who invites them; sign-up with its code lands them in the team and says so', async () => {
  const code = await invite('invited@example.com');
  const preview = async (c: string) => req('GET', `/api/invitations/preview?code=${encodeURIComponent(c)}`);
  expect(await preview(code)).toMatchObject({ status: 200, body: { team_name: 'Owners', inviter_name: 'owner' } });
  expect(await preview('doesnotexist')).toMatchObject({ status: 404, body: { code: 'invitation_invalid' } });

  await call(t.app, { method: 'POST', url: '/api/auth/send-verification-code', body: { email: 'invited@example.com' } });
  const verification = codeIn((await latestMail(t.app, 'invited@example.com')).text);
  const signup = await req('POST', '/api/auth/signup', undefined, {
    email: 'invited@example.com',
    password: PASSWORD,
    code: verification,
    invitation_code: code,
  });
  expect(signup).toMatchObject({ status: 201, body: { joined_team: { id: owner.teamId, name: 'Owners' } } });
  const profile = await req('GET', '/api/profile', signup.body.token);
  expect(profile.body.teams).toEqual([{ id: owner.teamId, name: 'Owners', role: 'member' }]);
  // Spent: the link now says so, and a sign-up with a spent code still succeeds, joining nothing.
  expect(await preview(code)).toMatchObject({ status: 409, body: { code: 'invitation_used' } });
  const late = await call(t.app, { method: 'POST', url: '/api/auth/send-verification-code', body: { email: 'late@example.com' } });
  expect(late.status).toBe(202);
  const lateCode = codeIn((await latestMail(t.app, 'late@example.com')).text);
  expect(
    await req('POST', '/api/auth/signup', undefined, {
      email: 'late@example.com',
      password: PASSWORD,
      code: lateCode,
      invitation_code: code,
    }),
  ).toMatchObject({ status: 201, body: { joined_team: null } });
});

test('invitation outcomes: invalid, wrong e-mail, expired', async () => {
  const token = await signUp(t.app, 'joiner@example.com');
  expect(await req('POST', '/api/teams/join', token, { code: 'doesnotexist' })).toMatchObject({
    status: 404,
    body: { code: 'invitation_invalid' },
  });
  const forSomeoneElse = await invite('someone@example.com');
  expect(await req('POST', '/api/teams/join', token, { code: forSomeoneElse })).toMatchObject({
    status: 403,
    body: { code: 'invitation_wrong_email' },
  });
  const old = await invite('joiner@example.com');
  await t.database.db
    .update(invitations)
    .set({ expiresAt: new Date(Date.now() - 1000) })
    .where(eq(invitations.email, 'joiner@example.com'));
  expect(await req('POST', '/api/teams/join', token, { code: old })).toMatchObject({ status: 410, body: { code: 'invitation_expired' } });
});

test('an owner renames the team; switching the current team needs membership', async () => {
  expect((await req('PUT', `/api/teams/${owner.teamId}`, owner.token, { name: 'Renamed' })).body.name).toBe('Renamed');
  const second = await req('POST', '/api/teams', owner.token, { name: 'Second' });
  expect(second).toMatchObject({ status: 201, body: { name: 'Second', role: 'owner' } });
  expect((await req('GET', '/api/profile', owner.token)).body.current_team.id).toBe(owner.teamId);
  const switched = await req('PUT', '/api/users/current-team', owner.token, { team_id: second.body.id });
  expect(switched.body.current_team).toEqual({ id: second.body.id, name: 'Second', role: 'owner' });
});
