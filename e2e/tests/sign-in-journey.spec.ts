import { expect, test } from '@playwright/test';
import { API } from '../playwright.config';
import { codeIn, expectHome, latestMail, logIn, onboardedByApi, PASSWORD, uniqueEmail } from './support';

test.beforeEach(async ({ page }) => {
  // Google's script is the one thing the product would fetch from elsewhere; nothing here may leave the machine.
  await page.route(/accounts\.google\.com|gstatic\.com/, (route) => route.abort());
});

test('(a) sign up with the mailed code, complete the profile, continue without a team, land on Home', async ({ page, request }) => {
  const email = uniqueEmail('journey');
  await page.goto('/signup');
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('You must agree to the privacy policy and terms of use.')).toBeVisible();
  // The box itself, as a person clicks it (the input is visually hidden; the text holds links).
  await page.locator('[data-scope=checkbox][data-part=control]').click();
  await expect(page.getByRole('checkbox', { name: /I agree to the/ })).toBeChecked();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 2 of 3')).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill('something-else');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Passwords do not match.')).toBeVisible();
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByText('Step 3 of 3')).toBeVisible();
  await expect(page.getByRole('button', { name: /Resend code in \d+ s/ })).toBeDisabled();
  const code = codeIn((await latestMail(request, email)).text);
  await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify and create account' }).click();
  await expect(page.getByText('The verification code is incorrect.')).toBeVisible();
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify and create account' }).click();

  await expect(page).toHaveURL(/\/user-profile$/);
  await page.getByLabel('Name').fill('Hana Sato');
  await page.getByLabel('Company or organization').fill('Kagami Labs');
  await page.getByLabel('Number of employees').selectOption('11-50');
  await page.getByLabel('Role').selectOption('MANAGER_TEAM_LEAD');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page).toHaveURL(/\/user-team$/);
  await page.getByRole('button', { name: 'Continue without a team' }).click();

  await expectHome(page);
  await expect(page.getByTestId('current-team-name')).toHaveText("Hana Sato's team");
  await expect(page.getByTestId('user-name')).toHaveText('Hana Sato');
  // The minutes meter is in the menu from the first Home on.
  await expect(page.getByTestId('quota-summary')).toContainText('0 / 3 min');
});

test('(b) log out, wrong password is explained, log in lands on Home', async ({ page, request }) => {
  const email = uniqueEmail('login');
  await onboardedByApi(request, email);
  await logIn(page, email);
  await expectHome(page);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('kagami.user'))).toBeNull();

  await logIn(page, email, 'not-my-password');
  await expect(page.getByRole('alert')).toContainText('Check that Caps Lock is off.');
  await expect(page).toHaveURL(/\/login$/);

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectHome(page);
  // The session survives a reload: the stored token is restored and verified.
  await page.reload();
  await expectHome(page);
});

test('(c) forgot and reset the password; the old one is refused', async ({ page, request }) => {
  const email = uniqueEmail('reset');
  await onboardedByApi(request, email);
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByText(`If an account exists for ${email}`)).toBeVisible();

  const mail = await latestMail(request, email, /Reset your Kagami password/);
  const link = mail.text.match(/https?:\/\/\S+reset-password\?token=\S+/)![0];
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('New password').fill('a-brand-new-pass');
  await page.getByLabel('Confirm password').fill('a-brand-new-pass');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByText('Your password was changed.')).toBeVisible();

  await logIn(page, email, PASSWORD);
  await expect(page.getByRole('alert')).toContainText('incorrect');
  await page.getByLabel('Password').fill('a-brand-new-pass');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expectHome(page);

  // The link was single use.
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await page.getByLabel('New password').fill('yet-another-pass');
  await page.getByLabel('Confirm password').fill('yet-another-pass');
  await page.getByRole('button', { name: 'Set password' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid or has expired');
});

test('(d) a 401 in the middle of a session lands on Login', async ({ page, request }) => {
  const email = uniqueEmail('expired');
  await onboardedByApi(request, email);
  await logIn(page, email);
  await expectHome(page);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('kagami.user')!).accessToken as string);
  // The session is revoked elsewhere (as a password reset or a logout on another device would).
  expect((await request.post(`${API}/api/logout`, { headers: { authorization: `Bearer ${token}` } })).status()).toBe(204);
  // The next call the app makes (the team list, refreshed when the window regains focus) gets a 401.
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('kagami.user'))).toBeNull();
});

test('(e) a reload while the server does not answer keeps the session and offers a retry, not the login form', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('offline');
  await onboardedByApi(request, email);
  await logIn(page, email);
  await expectHome(page);
  await page.route('**/api/profile', (route) => route.abort('connectionrefused'));
  await page.reload();
  await expect(page.getByRole('alert')).toContainText('You are still signed in, but the server did not answer.');
  await expect(page).not.toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('kagami.user'))).not.toBeNull();
  await page.unroute('**/api/profile');
  await page.getByRole('button', { name: 'Try again' }).click();
  await expectHome(page);
});
