import { build, call, codeIn, latestMail, onboardedUser, PASSWORD, signUp, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

const req = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token?: string, body?: unknown) =>
  call(t.app, { method, url, token, body });

async function teamWithMember(prefix: string) {
  const owner = await onboardedUser(t.app, `${prefix}-owner@example.com`, `${prefix} team`);
  const email = `${prefix}-member@example.com`;
  await req('POST', `/api/teams/${owner.teamId}/invitations`, owner.token, { email });
  const code = (await latestMail(t.app, email)).text.match(/join\?code=([\w-]+)/)![1];
  const token = await signUp(t.app, email);
  await req('POST', '/api/teams/join', token, { code });
  const memberId = (await req('GET', '/api/profile', token)).body.id as string;
  const ownerId = (await req('GET', '/api/profile', owner.token)).body.id as string;
  return { owner: { ...owner, id: ownerId }, member: { token, id: memberId, email } };
}

describe('members and invitations', () => {
  test('members are listed with roles; only owners see pending invitations', async () => {
    const { owner, member } = await teamWithMember('list');
    await req('POST', `/api/teams/${owner.teamId}/invitations`, owner.token, { email: 'later@example.com', language: 'ja' });
    const forOwner = await req('GET', `/api/teams/${owner.teamId}/members`, owner.token);
    expect(forOwner.body.members.map((m: { email: string; role: string }) => [m.email, m.role])).toEqual([
      ['list-owner@example.com', 'owner'],
      ['list-member@example.com', 'member'],
    ]);
    expect(forOwner.body.invitations).toEqual([expect.objectContaining({ email: 'later@example.com', language: 'ja' })]);
    const forMember = await req('GET', `/api/teams/${owner.teamId}/members`, member.token);
    expect(forMember.body.members).toHaveLength(2);
    expect(forMember.body.invitations).toEqual([]);
  });

  test('an owner removes a member: the team leaves their list and their current team moves on', async () => {
    const { owner, member } = await teamWithMember('remove');
    await req('POST', '/api/teams', member.token, { name: 'Own' });
    expect((await req('DELETE', `/api/teams/${owner.teamId}/members/${member.id}`, owner.token)).status).toBe(204);
    const profile = await req('GET', '/api/profile', member.token);
    expect(profile.body.teams.map((x: { name: string }) => x.name)).toEqual(['Own']);
    expect(profile.body.current_team.name).toBe('Own');
    expect((await req('GET', `/api/teams/${owner.teamId}`, member.token)).status).toBe(404);
  });

  test('a member may leave; the last owner may not', async () => {
    const { owner, member } = await teamWithMember('leave');
    expect((await req('DELETE', `/api/teams/${owner.teamId}/members/${owner.id}`, member.token)).status).toBe(403);
    expect((await req('DELETE', `/api/teams/${owner.teamId}/members/${member.id}`, member.token)).status).toBe(204);
    expect((await req('GET', '/api/profile', member.token)).body.current_team).toBeNull();
    expect(await req('DELETE', `/api/teams/${owner.teamId}/members/${owner.id}`, owner.token)).toMatchObject({
      status: 409,
      body: { code: 'last_owner' },
    });
  });

  test('a revoked invitation can no longer be used', async () => {
    const owner = await onboardedUser(t.app, 'revoke-owner@example.com');
    const invited = await req('POST', `/api/teams/${owner.teamId}/invitations`, owner.token, { email: 'revoked@example.com' });
    const code = (await latestMail(t.app, 'revoked@example.com')).text.match(/join\?code=([\w-]+)/)![1];
    expect((await req('DELETE', `/api/teams/${owner.teamId}/invitations/${invited.body.id}`, owner.token)).status).toBe(204);
    const token = await signUp(t.app, 'revoked@example.com');
    expect((await req('POST', '/api/teams/join', token, { code })).body.code).toBe('invitation_invalid');
    expect((await req('DELETE', `/api/teams/${owner.teamId}/invitations/${invited.body.id}`, owner.token)).status).toBe(404);
  });
});

describe('change e-mail', () => {
  test('a code goes to the new address; with it the address changes', async () => {
    const token = await signUp(t.app, 'old@example.com');
    expect((await req('POST', '/api/users/change-email-request', token, { new_email: 'New@example.com', language: 'ja' })).status).toBe(
      202,
    );
    const mail = await latestMail(t.app, 'new@example.com');
    expect(mail.subject).toContain('認証コード');
    const code = codeIn(mail.text);
    const wrong = code === '000000' ? '111111' : '000000';
    expect((await req('POST', '/api/users/change-email-verify-otp', token, { new_email: 'new@example.com', otp: wrong })).body.code).toBe(
      'code_invalid',
    );
    const changed = await req('POST', '/api/users/change-email-verify-otp', token, { new_email: 'new@example.com', otp: code });
    expect(changed).toMatchObject({ status: 200, body: { email: 'new@example.com' } });
    expect((await req('POST', '/api/login', undefined, { email: 'new@example.com', password: PASSWORD })).status).toBe(200);
    expect((await req('POST', '/api/check-email', undefined, { email: 'old@example.com' })).status).toBe(200);
  });

  test("a taken address is refused, and another account's code does not work", async () => {
    const token = await signUp(t.app, 'mover@example.com');
    await signUp(t.app, 'taken@example.com');
    expect((await req('POST', '/api/users/change-email-request', token, { new_email: 'taken@example.com' })).body.code).toBe('email_taken');
    const other = await signUp(t.app, 'other@example.com');
    await req('POST', '/api/users/change-email-request', other, { new_email: 'wanted@example.com' });
    const othersCode = codeIn((await latestMail(t.app, 'wanted@example.com')).text);
    expect(
      (await req('POST', '/api/users/change-email-verify-otp', token, { new_email: 'wanted@example.com', otp: othersCode })).body.code,
    ).toBe('code_invalid');
  });
});

describe('change password', () => {
  test('needs the current password, then signs every other session out', async () => {
    const token = await signUp(t.app, 'pw@example.com');
    const other = (await req('POST', '/api/login', undefined, { email: 'pw@example.com', password: PASSWORD })).body.access_token;
    expect(
      await req('POST', '/api/auth/change-password', token, { current_password: 'nope-nope', new_password: 'fresh-pass-1' }),
    ).toMatchObject({
      status: 400,
      body: { code: 'password_incorrect' },
    });
    expect(
      (await req('POST', '/api/auth/change-password', token, { current_password: PASSWORD, new_password: 'fresh-pass-1' })).status,
    ).toBe(200);
    expect((await req('GET', '/api/profile', other)).status).toBe(401);
    expect((await req('GET', '/api/profile', token)).status).toBe(200);
    expect((await req('POST', '/api/login', undefined, { email: 'pw@example.com', password: 'fresh-pass-1' })).status).toBe(200);
  });
});

describe('delete account', () => {
  test('needs the typed e-mail, only for yourself, and not while a team you own has members', async () => {
    const { owner, member } = await teamWithMember('delete');
    expect((await req('DELETE', `/api/users/${owner.id}`, owner.token, { email: 'wrong@example.com' })).body.code).toBe(
      'email_confirmation_mismatch',
    );
    expect((await req('DELETE', `/api/users/${member.id}`, owner.token, { email: member.email })).status).toBe(403);
    const refused = await req('DELETE', `/api/users/${owner.id}`, owner.token, { email: 'delete-owner@example.com' });
    expect(refused).toMatchObject({ status: 409, body: { code: 'team_has_members', teams: ['delete team'] } });

    await req('DELETE', `/api/teams/${owner.teamId}/members/${member.id}`, owner.token);
    expect((await req('DELETE', `/api/users/${owner.id}`, owner.token, { email: 'Delete-Owner@example.com' })).status).toBe(204);
    expect((await req('GET', '/api/profile', owner.token)).status).toBe(401);
    expect((await req('POST', '/api/login', undefined, { email: 'delete-owner@example.com', password: PASSWORD })).status).toBe(401);
    expect((await req('POST', '/api/check-email', undefined, { email: 'delete-owner@example.com' })).body.code).toBe('email_unavailable');
    expect((await req('GET', `/api/teams/${owner.teamId}`, member.token)).status).toBe(404);
  });

  test('a member of someone else’s team may delete their account; they leave that team', async () => {
    const { owner, member } = await teamWithMember('leaver');
    expect((await req('DELETE', `/api/users/${member.id}`, member.token, { email: member.email })).status).toBe(204);
    const members = await req('GET', `/api/teams/${owner.teamId}/members`, owner.token);
    expect(members.body.members).toHaveLength(1);
  });
});

describe('team API key', () => {
  test('shown once, stored as a prefix; regenerating stops the old key at once', async () => {
    const owner = await onboardedUser(t.app, 'keys@example.com', 'Key Team');
    expect((await req('GET', `/api/teams/${owner.teamId}/api-key`, owner.token)).body).toEqual({
      exists: false,
      prefix: null,
      created_at: null,
    });
    const first = await req('POST', `/api/teams/${owner.teamId}/api-key`, owner.token);
    expect(first.status).toBe(201);
    const oldKey = first.body.api_key as string;
    expect(oldKey).toMatch(/^kgm_/);
    const described = await req('GET', `/api/teams/${owner.teamId}/api-key`, owner.token);
    expect(described.body).toMatchObject({ exists: true, prefix: oldKey.slice(0, 10) });
    expect(JSON.stringify(described.body)).not.toContain(oldKey);

    const asTeam = (key?: string) => call(t.app, { url: '/api/v1/team', headers: key ? { 'x-api-key': key } : {} });
    expect(await asTeam(oldKey)).toMatchObject({ status: 200, body: { id: owner.teamId, name: 'Key Team' } });
    const newKey = (await req('POST', `/api/teams/${owner.teamId}/api-key`, owner.token)).body.api_key as string;
    expect(await asTeam(oldKey)).toMatchObject({ status: 401, body: { code: 'api_key_invalid' } });
    expect((await asTeam(newKey)).status).toBe(200);
    expect((await asTeam()).status).toBe(401);
  });
});
