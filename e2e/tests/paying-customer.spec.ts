// What a paying customer and an integrator meet: the watermark setting by plan, the API plan on the API Key page
// (needed on Creator, its minutes on API Starter), and a join link opened signed out that leads to membership.
import { expect, test, type Page } from '@playwright/test';
import { API } from '../playwright.config';
import { codeIn, latestMail, onboardedByApi, PASSWORD, signInWithToken, uniqueEmail } from './support';

test.beforeEach(async ({ page }) => {
  await page.route(/accounts\.google\.com|gstatic\.com/, (route) => route.abort());
});

/** Pays for the plan on the built-in checkout page with the test card; back on Subscription. */
async function buy(page: Page, tab: 'App plans' | 'API plans', plan: string) {
  const plans = page.getByRole('table', { name: 'Plans compared' });
  await page.getByRole('tab', { name: tab }).click();
  await plans.getByRole('button', { name: `Choose ${plan}` }).click();
  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/subscription$/, { timeout: 20_000 });
  await expect(page.getByText(`Thank you! You are now on the ${plan} plan.`)).toBeVisible();
}

test('the watermark and the API plan: Free keeps the mark locked; on Creator the owner may keep it, and API calls need an API plan until one is bought', async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const token = await onboardedByApi(request, uniqueEmail('payer'), { name: 'Mei', team: 'Mei Films' });
  await signInWithToken(page, token, '/profile');
  const keep = page.getByRole('checkbox', { name: 'Keep the Kagami watermark' });
  await expect(keep).toBeChecked({ timeout: 20_000 });
  await expect(keep).toBeDisabled();
  await expect(page.getByTestId('watermark-setting')).toContainText('The Free plan keeps the Kagami watermark on every video.');

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Subscription' }).click();
  await expect(page.getByTestId('current-api-plan')).toContainText('No API plan');
  await buy(page, 'App plans', 'Creator');
  // The plan table promises what the setting then shows.
  await expect(page.getByRole('table', { name: 'Plans compared' }).getByRole('row', { name: /Watermark removal/ })).toBeVisible();

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Profile' }).click();
  await expect(keep).not.toBeChecked({ timeout: 20_000 });
  await expect(keep).toBeEnabled();
  await expect(page.getByTestId('watermark-setting')).toContainText('new videos of this team are rendered without it');
  await page.locator('[data-testid=watermark-setting] [data-part=control]').click();
  await expect(page.getByText('New videos will carry the Kagami watermark.')).toBeVisible();
  await page.reload();
  await expect(keep).toBeChecked({ timeout: 20_000 });

  // Creator covers the app only: the API Key page says API calls need an API plan, and leads to them.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'API Key' }).click();
  const needed = page.getByTestId('api-plan-needed');
  await expect(needed).toContainText('API calls need an API plan', { timeout: 20_000 });
  await needed.getByRole('link', { name: 'See the API plans' }).click();
  await expect(page).toHaveURL(/\/subscription\?plans=api$/);
  await expect(page.getByRole('tab', { name: 'API plans' })).toHaveAttribute('aria-selected', 'true');
  await buy(page, 'API plans', 'API Starter');
  await expect(page.getByTestId('current-api-plan')).toContainText('API Starter');
  await expect(page.getByTestId('current-plan')).toContainText('Creator');

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'API Key' }).click();
  const apiPlan = page.getByTestId('api-plan');
  await expect(apiPlan).toContainText('API Starter', { timeout: 20_000 });
  await expect(apiPlan.getByTestId('api-plan-minutes')).toContainText('0 of 60 min used, 60 min left');

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Billing' }).click();
  await expect(page.getByTestId('current-plan')).toContainText('Creator', { timeout: 20_000 });
  await expect(page.getByTestId('current-api-plan')).toContainText('API Starter');
});

test('a join link opened signed out names the team on Login and Sign-up; signing up makes a member, with no second dialog', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const owner = await onboardedByApi(request, uniqueEmail('inviter'), { name: 'Kenji', team: 'Kenji Studio' });
  const email = uniqueEmail('invitee');
  const invited = await request.post(`${API}/api/teams/${owner.teamId}/invitations`, {
    headers: { authorization: `Bearer ${String(owner)}` },
    data: { email },
  });
  expect(invited.status()).toBe(201);
  const link = (await latestMail(request, email, /invit/i)).text.match(/https?:\/\/\S+\/join\?code=\S+/)![0];

  await page.goto(link.replace(/^https?:\/\/[^/]+/, ''));
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  const notice = 'Kenji invited you to join the team Kenji Studio on Kagami. Sign in or create an account to join.';
  await expect(page.getByTestId('invitation-notice')).toHaveText(notice);
  await page.getByRole('link', { name: 'Sign up' }).click();
  await expect(page.getByTestId('invitation-notice')).toHaveText(notice);

  await page.getByLabel('E-mail address').fill(email);
  await page.locator('[data-scope=checkbox][data-part=control]').click();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Verification code').fill(codeIn((await latestMail(request, email, /code/i)).text));
  await page.getByRole('button', { name: 'Verify and create account' }).click();

  await expect(page).toHaveURL(/\/user-profile$/, { timeout: 20_000 });
  await page.getByLabel('Name').fill('Nao');
  await page.getByLabel('Number of employees').selectOption('2-10');
  await page.getByLabel('Role').selectOption('STAFF_INDIVIDUAL_CONTRIBUTOR');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Already a member: Home in the team, and no "Join a team" dialog asking for the spent code.
  await expect(page).toHaveURL(/\/$/, { timeout: 20_000 });
  await expect(page.getByTestId('current-team-name')).toHaveText('Kenji Studio');
  await expect(page.getByTestId('quota-summary')).toBeVisible();
  await page.waitForTimeout(1000);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByText('This invitation has already been used.')).toHaveCount(0);
});

test('Subscription opened cold asks for the plan, the API plan and the quota once each', async ({ page, request }) => {
  const token = await onboardedByApi(request, uniqueEmail('counted'));
  const calls: string[] = [];
  page.on('request', (sent) => {
    const { pathname } = new URL(sent.url());
    if (sent.method() === 'GET' && /^\/api\/users\/(subscription|api-subscription|quota)$/.test(pathname)) calls.push(pathname);
  });
  await signInWithToken(page, token, '/subscription');
  await expect(page.getByTestId('current-plan')).toContainText('Free', { timeout: 20_000 });
  await expect(page.getByTestId('quota-videoMinutes')).toBeVisible();
  await page.waitForTimeout(1500);
  expect(calls.sort()).toEqual(['/api/users/api-subscription', '/api/users/quota', '/api/users/subscription']);
});
