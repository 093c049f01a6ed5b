import { createHmac } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { API, REMOTE_ACCOUNT } from '../playwright.config';
import { apiAs, codeIn, expectHome, latestMail, logIn, onboardedByApi, PASSWORD, uniqueEmail } from './support';

test.beforeEach(async ({ context }) => {
  await context.route(/accounts\.google\.com|gstatic\.com/, (route) => route.abort());
});

const section = (page: Page, name: string) => page.getByRole('region', { name });

test('an invitation by e-mail: the invitee signs up from the join link, lands in the team, and is removed by the owner', async ({
  page,
  browser,
  request,
}) => {
  const ownerEmail = uniqueEmail('owner');
  const inviteeEmail = uniqueEmail('invitee');
  await onboardedByApi(request, ownerEmail, { name: 'Owner Aoki', team: 'Aoki Studio' });
  await logIn(page, ownerEmail);
  await page.getByRole('link', { name: 'Profile' }).click();
  const team = section(page, 'Team and members');
  await team.getByLabel('E-mail address').fill(inviteeEmail);
  await team.getByRole('button', { name: 'Send invitation' }).click();
  await expect(page.getByText(`Invitation sent to ${inviteeEmail}.`)).toBeVisible();
  await expect(team.getByTestId('pending-invitation')).toContainText(inviteeEmail);

  const link = (await latestMail(request, inviteeEmail)).text.match(/https?:\/\/\S+\/join\?code=[\w-]+/)![0];
  const invitee = await (await browser.newContext()).newPage();
  await invitee.route(/accounts\.google\.com|gstatic\.com/, (route) => route.abort());
  await invitee.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(invitee).toHaveURL(/\/login$/);
  await invitee.getByRole('link', { name: 'Sign up' }).click();
  await invitee.getByLabel('E-mail address').fill(inviteeEmail);
  await invitee.locator('[data-scope=checkbox][data-part=control]').click();
  await invitee.getByRole('button', { name: 'Next' }).click();
  await invitee.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await invitee.getByLabel('Confirm password').fill(PASSWORD);
  await invitee.getByRole('button', { name: 'Next' }).click();
  await invitee.getByLabel('Verification code').fill(codeIn((await latestMail(request, inviteeEmail, /verification code/)).text));
  await invitee.getByRole('button', { name: 'Verify and create account' }).click();
  await invitee.getByLabel('Name').fill('Ben Invitee');
  await invitee.getByLabel('Number of employees').selectOption('1');
  await invitee.getByLabel('Role').selectOption('OTHER');
  await invitee.getByRole('button', { name: 'Continue' }).click();
  await expect(invitee.getByTestId('current-team-name')).toHaveText('Aoki Studio');
  await expect(invitee).toHaveURL(/\/$/);

  await page.reload();
  const row = team.getByTestId('member-row').filter({ hasText: inviteeEmail });
  await expect(row).toContainText('Member');
  await row.getByRole('button', { name: /Remove/ }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(page.getByText('Ben Invitee was removed from the team.')).toBeVisible();
  await expect(team.getByTestId('member-row')).toHaveCount(1);

  const token = await invitee.evaluate(() => JSON.parse(localStorage.getItem('kagami.user')!).accessToken as string);
  expect(await apiAs(request, token).get('/api/teams')).toEqual([]);
});

test('switching teams changes the name shown and the team-scoped data', async ({ page, request }) => {
  const email = uniqueEmail('switcher');
  const token = await onboardedByApi(request, email, { name: 'Sora', team: 'First Team' });
  await apiAs(request, token).post('/api/teams', { name: 'Second Team' });
  await logIn(page, email);
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByTestId('current-team-name')).toHaveText('First Team');
  await expect(page.getByLabel('Team name')).toHaveValue('First Team');

  await page.getByTestId('team-switcher').click();
  await page.getByRole('menuitem', { name: 'Second Team' }).click();
  await expect(page.getByTestId('current-team-name')).toHaveText('Second Team');
  await expect(page.getByLabel('Team name')).toHaveValue('Second Team');
  // The notice never covers the header with the team switcher.
  const toast = await page.getByText('Switched to Second Team.').boundingBox();
  const header = await page.locator('header').boundingBox();
  expect(toast!.y).toBeGreaterThan(header!.y + header!.height);
  await page.reload();
  await expect(page.getByTestId('current-team-name')).toHaveText('Second Team');
});

test('a signed-in user creates and names another team, owns it, and is switched to it', async ({ page, request }) => {
  const email = uniqueEmail('creator');
  await onboardedByApi(request, email, { team: 'First Team' });
  await logIn(page, email);
  await expectHome(page);
  await page.getByTestId('team-switcher').click();
  await page.getByRole('menuitem', { name: 'Create a team…' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Create a team' });
  await dialog.getByRole('button', { name: 'Create team' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByLabel('Team name').fill('Night Shift');
  await dialog.getByRole('button', { name: 'Create team' }).click();
  await expect(page.getByText('You created Night Shift. It is now your current team.')).toBeVisible();
  await expect(page.getByTestId('current-team-name')).toHaveText('Night Shift');
  await expect(page.getByTestId('team-switcher')).toContainText('Owner');
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByLabel('Team name')).toHaveValue('Night Shift');
  await page.getByTestId('team-switcher').click();
  await expect(page.getByRole('menuitem', { name: 'First Team' })).toBeVisible();
});

test('a stored join code opens the join dialog after sign-in; each outcome is explained', async ({ page, request }) => {
  const ownerToken = await onboardedByApi(request, uniqueEmail('host'), { team: 'Host Team' });
  const email = uniqueEmail('guest');
  await onboardedByApi(request, email, { team: 'Guest Team' });
  await apiAs(request, ownerToken).post(`/api/teams/${ownerToken.teamId}/invitations`, { email });
  const code = (await latestMail(request, email, /invited you/)).text.match(/join\?code=([\w-]+)/)![1]!;

  await page.goto(`/join?code=${code}`);
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email);
  const dialog = page.getByRole('alertdialog', { name: 'Join a team' });
  await expect(dialog.getByLabel('Invitation code')).toHaveValue(code);
  await dialog.getByLabel('Invitation code').fill('not-a-real-code');
  await dialog.getByRole('button', { name: 'Join team' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This invitation code is not valid.');
  await dialog.getByLabel('Invitation code').fill(code);
  await dialog.getByRole('button', { name: 'Join team' }).click();
  await expect(page.getByText('You joined Host Team.')).toBeVisible();
  await expect(page.getByTestId('current-team-name')).toHaveText('Host Team');
  expect(await page.evaluate(() => localStorage.getItem('kagami.invitationCode'))).toBeNull();

  await page.getByTestId('team-switcher').click();
  await page.getByRole('menuitem', { name: 'Join another team…' }).click();
  await page.getByRole('alertdialog').getByLabel('Invitation code').fill(code);
  await page.getByRole('alertdialog').getByRole('button', { name: 'Join team' }).click();
  await expect(page.getByRole('alertdialog').getByRole('alert')).toHaveText('This invitation has already been used.');
});

test('a join link with a rejected code says why once, then never reopens the dialog', async ({ page, request }) => {
  const email = uniqueEmail('rejected');
  await onboardedByApi(request, email, { team: 'Own Team' });
  await page.goto('/join?code=no-such-code');
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email);
  const dialog = page.getByRole('alertdialog', { name: 'Join a team' });
  await expect(dialog.getByLabel('Invitation code')).toHaveValue('no-such-code');
  await dialog.getByRole('button', { name: 'Join team' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('This invitation code is not valid.');
  await page.reload();
  await expectHome(page);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);

  await page.goto('/join?code=dismissed-code');
  const again = page.getByRole('alertdialog', { name: 'Join a team' });
  await expect(again.getByLabel('Invitation code')).toHaveValue('dismissed-code');
  await again.getByRole('button', { name: 'Cancel' }).click();
  await page.reload();
  await expectHome(page);
  await expect(page.getByRole('alertdialog')).toHaveCount(0);
});

test('changing the password signs another browser out', async ({ page, browser, request }) => {
  const email = uniqueEmail('password');
  await onboardedByApi(request, email);
  const other = await (await browser.newContext()).newPage();
  await logIn(other, email);
  await expect(other.getByTestId('current-team-name')).toBeVisible();

  await logIn(page, email);
  await page.getByRole('link', { name: 'Profile' }).click();
  const form = section(page, 'Change password');
  await form.getByLabel('Current password').fill('wrong-password');
  await form.getByLabel('New password', { exact: true }).fill('next-pass-123');
  await form.getByLabel('Confirm new password').fill('next-pass-123');
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(form.getByRole('alert')).toHaveText('The current password is incorrect.');
  await form.getByLabel('Current password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();

  await other.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(other).toHaveURL(/\/login$/);
  await page.reload();
  await expect(page.getByTestId('current-team-name')).toBeVisible();
});

test('deleting the account is refused while a member remains, and succeeds after', async ({ page, request }) => {
  const email = uniqueEmail('leaving');
  const token = await onboardedByApi(request, email, { team: 'Closing Team' });
  const memberEmail = uniqueEmail('stays');
  await apiAs(request, token).post(`/api/teams/${token.teamId}/invitations`, { email: memberEmail });
  const code = (await latestMail(request, memberEmail)).text.match(/join\?code=([\w-]+)/)![1]!;
  const memberToken = await onboardedByApi(request, memberEmail);
  await apiAs(request, memberToken).post('/api/teams/join', { code });

  await logIn(page, email);
  await page.getByRole('link', { name: 'Profile' }).click();
  const danger = section(page, 'Delete account');
  await danger.getByLabel(/Type .* to confirm/).fill(email);
  await danger.getByRole('button', { name: 'Delete my account' }).click();
  await expect(danger.getByRole('alert')).toContainText('Closing Team');

  const team = section(page, 'Team and members');
  await team
    .getByTestId('member-row')
    .filter({ hasText: memberEmail })
    .getByRole('button', { name: /Remove/ })
    .click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
  await expect(team.getByTestId('member-row')).toHaveCount(1);
  await danger.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await logIn(page, email);
  await expect(page.getByRole('alert')).toContainText('incorrect');
});

test('a member sees the team without owner controls, and the API key only as a status', async ({ page, request }) => {
  const ownerToken = await onboardedByApi(request, uniqueEmail('boss'), { name: 'Boss', team: 'Boss Team' });
  const email = uniqueEmail('plain-member');
  await apiAs(request, ownerToken).post(`/api/teams/${ownerToken.teamId}/invitations`, { email });
  const code = (await latestMail(request, email)).text.match(/join\?code=([\w-]+)/)![1]!;
  const token = await onboardedByApi(request, email);
  await apiAs(request, token).post('/api/teams/join', { code });

  await logIn(page, email);
  await page.getByRole('link', { name: 'Profile' }).click();
  const team = section(page, 'Team and members');
  await expect(team.getByTestId('member-row')).toHaveCount(2);
  await expect(team.getByText("Only the team's owners can invite or remove members and rename the team.")).toBeVisible();
  await expect(team.getByRole('button', { name: /Remove|Rename|Send invitation|Revoke/ })).toHaveCount(0);
  await page.getByRole('link', { name: 'API Key' }).click();
  await expect(page.getByTestId('api-key-status')).toHaveText('This team has no API key yet.');
  await expect(page.getByRole('button', { name: /Generate|Regenerate/ })).toHaveCount(0);
});

test('API key: shown once; regenerating stops the old key at once', async ({ page, request }) => {
  const email = uniqueEmail('keys');
  const token = await onboardedByApi(request, email, { team: 'Key Team' });
  await logIn(page, email);
  await page.getByRole('link', { name: 'API Key' }).click();
  await page.getByRole('button', { name: 'Generate API key' }).click();
  const oldKey = (await page.getByTestId('new-api-key').textContent())!;
  expect(oldKey).toMatch(/^kgm_/);
  await expect(page.getByTestId('api-key-status')).toContainText(oldKey.slice(0, 10));
  await page.reload();
  await expect(page.getByTestId('new-api-key')).toHaveCount(0);
  await expect(page.getByTestId('api-key-status')).toContainText(oldKey.slice(0, 10));

  await page.getByRole('button', { name: 'Regenerate API key' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Regenerate API key' }).click();
  const newKey = (await page.getByTestId('new-api-key').textContent())!;
  expect(newKey).not.toBe(oldKey);

  const asTeam = (key: string) => request.get(`${API}/api/v1/team`, { headers: { 'X-API-Key': key } });
  expect((await asTeam(oldKey)).status()).toBe(401);
  const response = await asTeam(newKey);
  expect(response.status()).toBe(200);
  expect(await response.json()).toMatchObject({ id: token.teamId, name: 'Key Team' });
});

test('webhooks: an endpoint added on the API Key page gets a signed test event, retried once; the log shows both attempts', async ({
  page,
  request,
}) => {
  const received: { headers: IncomingHttpHeaders; body: string }[] = [];
  const receiver = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(received.length === 1 ? 503 : 204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const hook = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/kagami`;
  try {
    const email = uniqueEmail('hooks');
    await onboardedByApi(request, email, { team: 'Hook Team' });
    await logIn(page, email);
    await page.getByRole('link', { name: 'API Key' }).click();
    await expect(page.getByText('No endpoints yet.')).toBeVisible();
    await expect(page.getByTestId('curl-list')).toContainText(`-H "X-API-Key: $KAGAMI_API_KEY" ${API}/api/v1/avatars`);
    await expect(page.getByTestId('api-reference-link')).toHaveAttribute('href', `${API}/api/v1/docs`);

    await page.getByLabel('Endpoint URL').fill(hook);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(page.getByTestId('webhook-endpoints')).toContainText(hook);
    await page.getByRole('button', { name: 'Show' }).click();
    const secret = (await page.getByTestId('signing-secret').textContent())!;
    expect(secret).toMatch(/^whsec_/);

    await page.getByRole('button', { name: 'Send test event' }).click();
    const log = page.getByTestId('delivery-log');
    await expect(log.getByText('Delivered')).toBeVisible({ timeout: 30_000 });
    await log.getByRole('button', { name: 'Attempts' }).click();
    await expect(page.locator('[data-testid^="attempts-"] li')).toHaveCount(2);
    await expect(page.locator('[data-testid^="attempts-"]')).toContainText('503 — The endpoint answered with an error status.');

    // Both attempts carry the same webhook-id and a signature made with the secret the page showed.
    expect(received).toHaveLength(2);
    const [first, second] = received;
    expect(second!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    const signed = `${second!.headers['webhook-id']}.${second!.headers['webhook-timestamp']}.${second!.body}`;
    const expected = createHmac('sha256', Buffer.from(secret.slice('whsec_'.length), 'base64'))
      .update(signed)
      .digest('base64');
    expect(second!.headers['webhook-signature']).toBe(`v1,${expected}`);
    expect(JSON.parse(second!.body)).toMatchObject({ type: 'webhook.test' });
  } finally {
    receiver.close();
  }
});

test('with remote-account unreachable, Profile shows the fallback and the rest keeps working', async ({ page, request }) => {
  const email = uniqueEmail('no-account-remote');
  await onboardedByApi(request, email, { team: 'Still Here' });
  await page.route(`${REMOTE_ACCOUNT}/mf-manifest.json`, (route) => route.abort());
  await logIn(page, email);
  await expect(page.getByTestId('current-team-name')).toHaveText('Still Here');
  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByTestId('remote-fallback')).toContainText('Temporarily unavailable', { timeout: 20_000 });
  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page.getByRole('heading', { name: 'Log in to Kagami' })).toBeVisible();
});
