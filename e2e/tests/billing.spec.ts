import { expect, test } from '@playwright/test';
import { latestMail, logIn, onboardedByApi, signInWithToken, uniqueEmail } from './support';

test.beforeEach(async ({ page }) => {
  await page.route(/accounts\.google\.com|gstatic\.com/, (route) => route.abort());
});

test('a Free user buys Creator yearly in yen through the built-in checkout, then cancels it in the billing portal', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await onboardedByApi(request, uniqueEmail('buyer'), { name: 'Mio' });
  await signInWithToken(page, token, '/subscription');
  await expect(page.getByRole('heading', { name: 'Subscription', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('quota-videoMinutes')).toContainText('0 of 3 min');
  await expect(page.getByTestId('quota-summary')).toContainText('0 / 3 min');
  const plans = page.getByRole('table', { name: 'Plans compared' });
  await expect(plans.getByText('Current plan')).toBeVisible();

  await page.getByText('Yearly', { exact: true }).click();
  await page.getByLabel('Currency').selectOption('jpy');
  await expect(plans.getByText('¥44,000 / year')).toBeVisible();
  await plans.getByRole('button', { name: 'Choose Creator' }).click();

  await expect(page.getByRole('heading', { name: 'Checkout' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('button', { name: 'Pay ¥44,000' })).toBeVisible();
  await page.getByLabel('Card number').fill('4242 4242 4242 4241');
  await page.getByLabel('Expiry (MM/YY)').fill('12/40');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay/ }).click();
  await expect(page.getByRole('alert')).toHaveText('The card number is not valid.');
  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByLabel('Security code').fill('123');
  await page.getByRole('button', { name: /^Pay/ }).click();

  await expect(page).toHaveURL(/\/subscription$/, { timeout: 20_000 });
  await expect(page.getByText('Thank you! You are now on the Creator plan.')).toBeVisible();
  const current = page.getByTestId('current-plan');
  await expect(current).toContainText('Creator');
  await expect(current).toContainText('Yearly');
  await expect(current).toContainText('JPY');
  const nextYear = new Date();
  nextYear.setFullYear(nextYear.getFullYear() + 1);
  await expect(current).toContainText(
    `Renews on ${nextYear.toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' })}`,
  );
  await expect(page.getByTestId('quota-videoMinutes')).toContainText('0 of 30 min');
  await expect(page.getByTestId('quota-summary')).toContainText('0 / 30 min');
  await expect(page.getByLabel('Currency')).toBeDisabled();
  await expect(plans.getByRole('button', { name: /^Choose/ })).toHaveCount(0);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Billing' }).click();
  await page.getByRole('button', { name: 'Open billing portal' }).click();
  await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('table')).toContainText('¥44,000');
  await page.getByRole('button', { name: 'Cancel at the end of the period' }).click();
  await expect(page.getByText(/Ends on:/)).toBeVisible();
  await page.getByRole('link', { name: 'Back to Kagami' }).click();
  await expect(page).toHaveURL(/\/billing$/, { timeout: 20_000 });
  await expect(page.getByTestId('current-plan')).toContainText('Cancelled: the plan ends on');
});

test('a cancelled checkout changes nothing and says so', async ({ page, request }) => {
  const token = await onboardedByApi(request, uniqueEmail('undecided'));
  await signInWithToken(page, token, '/subscription');
  await page.getByRole('table', { name: 'Plans compared' }).getByRole('button', { name: 'Choose Studio' }).click();
  await page.getByRole('link', { name: 'Cancel and go back' }).click();
  await expect(page.getByText('Checkout was cancelled. Nothing was charged.')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByTestId('current-plan')).toContainText('Free');
});

test('/subscribe-now leads through login to Subscription', async ({ page, request }) => {
  const email = uniqueEmail('subscribe-now');
  await onboardedByApi(request, email);
  await page.goto('/subscribe-now');
  await expect(page).toHaveURL(/\/login$/, { timeout: 20_000 });
  await logIn(page, email);
  await expect(page).toHaveURL(/\/subscription$/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Subscription', level: 1 })).toBeVisible();
});

test('Contact sales is sent to the sales address; History refuses a period that ends before it starts', async ({ page, request }) => {
  const token = await onboardedByApi(request, uniqueEmail('business'), { name: 'Sora', team: 'Sora Works' });
  await signInWithToken(page, token, '/subscription');
  await page.getByRole('table', { name: 'Plans compared' }).getByRole('link', { name: 'Contact sales' }).click();
  await expect(page.getByRole('heading', { name: 'Contact sales', level: 1 })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByLabel('Your name')).toHaveValue('Sora');
  await page.getByLabel('What would you like to do with Kagami?').fill('Onboarding videos for 300 staff in Japanese and English.');
  await page.getByRole('button', { name: 'Send to sales' }).click();
  await expect(page.getByRole('dialog', { name: 'Thank you' })).toContainText('Our sales team will reply to');
  const mail = await latestMail(request, 'sales@kagami.local', /Kagami Business inquiry: Kagami/);
  expect(mail.text).toContain('Onboarding videos for 300 staff in Japanese and English.');
  await page.getByRole('button', { name: 'OK' }).click();

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('tab', { name: 'App History' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Avatars, voices and videos your team creates in the app appear here.')).toBeVisible();
  await page.getByLabel('From', { exact: true }).fill('2026-11-20');
  await page.getByLabel('To', { exact: true }).fill('2026-11-10');
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByText('Display period is not correct. End date must be on or after start date.')).toBeVisible();
  await page.getByRole('tab', { name: 'API History' }).click();
  await expect(page.getByText('What your team creates with the API key appears here.')).toBeVisible();
});
