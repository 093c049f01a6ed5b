// Every screen of SPEC §2, signed out, onboarding and signed in, in English and Japanese, each opened cold (a direct
// load, as a bookmark or a reload does): no text is a raw translation key, and axe finds nothing serious or critical
// and no skipped heading level; photographed into KAGAMI_SCREENSHOTS when set (scripts/compare-screenshots.mjs
// compares two runs).
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { onboardedByApi, rawKeysOn, signInWithToken, signUpByApi, translationKeys } from './support';
import { API } from '../playwright.config';

type Who = 'signedOut' | 'newUser' | 'namedUser' | 'member';
/** `menu`: the menu item that is highlighted on the screen. */
type Screen = { name: string; path: string; who: Who; ready: (page: Page) => Promise<void>; menu?: string };

const heading = (page: Page) => expect(page.getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
const mainHeading = (page: Page) => expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 20_000 });

const SCREENS: Screen[] = [
  { name: 'login', path: '/login', who: 'signedOut', ready: heading },
  { name: 'signup', path: '/signup', who: 'signedOut', ready: heading },
  { name: 'forgot-password', path: '/forgot-password', who: 'signedOut', ready: heading },
  { name: 'reset-password', path: '/reset-password', who: 'signedOut', ready: heading },
  { name: 'user-profile', path: '/user-profile', who: 'newUser', ready: heading },
  { name: 'user-team', path: '/user-team', who: 'namedUser', ready: heading },
  { name: 'home', path: '/', who: 'member', ready: mainHeading, menu: '/avatars' },
  { name: 'avatars', path: '/avatars', who: 'member', ready: mainHeading, menu: '/avatars' },
  { name: 'avatars-new', path: '/avatars/new', who: 'member', ready: mainHeading, menu: '/avatars' },
  { name: 'videos', path: '/videos', who: 'member', ready: mainHeading, menu: '/videos' },
  { name: 'videos-new', path: '/videos/new/no-such-avatar', who: 'member', ready: mainHeading },
  { name: 'videos-processing', path: '/videos/processing', who: 'member', ready: mainHeading },
  { name: 'voices', path: '/voices', who: 'member', ready: mainHeading, menu: '/voices' },
  { name: 'profile', path: '/profile', who: 'member', ready: mainHeading, menu: '/profile' },
  { name: 'api-key', path: '/api-key', who: 'member', ready: mainHeading, menu: '/api-key' },
  { name: 'subscription', path: '/subscription', who: 'member', ready: mainHeading, menu: '/subscription' },
  { name: 'contact-sales', path: '/contact-sales', who: 'member', ready: mainHeading },
  { name: 'history', path: '/history', who: 'member', ready: mainHeading, menu: '/history' },
  { name: 'billing', path: '/billing', who: 'member', ready: mainHeading, menu: '/billing' },
];

const LANGUAGES = ['en', 'ja'] as const;
const KEYS = translationKeys();
const screenshotDir = process.env.KAGAMI_SCREENSHOTS;

test.beforeEach(async ({ page }) => {
  await page.route(/accounts\.google\.com|gstatic\.com/, (route) => route.abort());
});

for (const language of LANGUAGES) {
  test(`every screen in ${language}`, async ({ page, request }) => {
    test.setTimeout(240_000);
    // Fixed addresses (the e2e database is new each run) keep the screens alike from run to run.
    const tokens: Record<Exclude<Who, 'signedOut'>, string> = {
      newUser: await signUpByApi(request, `screens-new-${language}@example.com`),
      namedUser: await signUpByApi(request, `screens-named-${language}@example.com`),
      member: String(await onboardedByApi(request, `screens-member-${language}@example.com`, { name: 'Aoi', team: 'Aoi team' })),
    };
    await request.put(`${API}/api/users/update-profile`, {
      headers: { authorization: `Bearer ${tokens.namedUser}` },
      data: { name: 'Ren', company_name: 'Kagami', number_of_employees: '1', role: 'OTHER' },
    });
    // The shell's Content Security Policy (no inline script, no eval, scripts only from the shell and the
    // remotes) must hold on every screen: Chromium reports each violation on the console.
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript((lang) => localStorage.setItem('kagami.language', lang), language);
    await page.setViewportSize({ width: 1280, height: 800 });

    const shell = await request.get('/');
    expect(shell.headers()['content-security-policy']).toMatch(/script-src 'self'[^;]*;/);
    expect(shell.headers()['content-security-policy']).not.toMatch(/unsafe-eval|script-src[^;]*unsafe-inline/);

    for (const screen of SCREENS) {
      await test.step(screen.name, async () => {
        if (screen.who === 'signedOut') {
          await page.goto('/privacy-policy.html');
          await page.evaluate(() => localStorage.removeItem('kagami.user'));
          await page.goto(screen.path);
        } else {
          await signInWithToken(page, tokens[screen.who], screen.path);
        }
        await expect(page).toHaveURL(new RegExp(`${screen.path === '/' ? '/$' : screen.path}`));
        await screen.ready(page);
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        await settle(page);
        if (screen.menu) await expect(page.locator('nav [aria-current=page]')).toHaveAttribute('href', screen.menu);
        expect.soft(await rawKeysOn(page, KEYS), `${language} ${screen.name}: raw translation keys`).toEqual([]);
        const axe = await new AxeBuilder({ page }).analyze();
        const grave = axe.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical' || violation.id === 'heading-order')
          .map(
            (violation) =>
              `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => `${node.target.join(' ')} ${node.failureSummary?.split('\n')[1]?.trim() ?? ''}`).join('; ')}`,
          );
        expect.soft(grave, `${language} ${screen.name}`).toEqual([]);
        expect.soft(violations, `${language} ${screen.name}: CSP violations`).toEqual([]);
        if (screenshotDir) {
          mkdirSync(screenshotDir, { recursive: true });
          await page.screenshot({
            path: join(screenshotDir, `${language}-${screen.name}.png`),
            fullPage: true,
            animations: 'disabled',
            caret: 'hide',
          });
        }
      });
    }
  });
}

test('the menu names screens as their pages do, and stays in view on long pages', async ({ page, request }) => {
  const token = String(await onboardedByApi(request, 'screens-menu@example.com'));
  await page.addInitScript(() => localStorage.setItem('kagami.language', 'ja'));
  await signInWithToken(page, token, '/voices');
  const menu = page.getByRole('navigation', { name: 'メインメニュー' });
  await expect(menu.locator('[aria-current=page]')).toHaveText(await page.locator('main h1').innerText());

  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto('/profile');
  await mainHeading(page);
  // The pointer over the page, not the menu (which scrolls on its own when it is taller than the window).
  await page.mouse.move(800, 300);
  await page.mouse.wheel(0, 2000);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await expect(menu.getByRole('link', { name: 'ボイス' })).toBeInViewport();
});

test('the privacy policy and terms of use open in the language of the app', async ({ page, request }) => {
  const token = String(await onboardedByApi(request, 'screens-policies@example.com'));
  await page.addInitScript(() => localStorage.setItem('kagami.language', 'ja'));
  await signInWithToken(page, token, '/voices');
  for (const [link, title] of [
    ['プライバシーポリシー', 'プライバシーポリシー'],
    ['利用規約', '利用規約'],
  ] as const) {
    const opened = page.waitForEvent('popup');
    await page.getByRole('navigation').getByRole('link', { name: link }).click();
    const policy = await opened;
    await expect(policy.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(policy.locator('html')).toHaveAttribute('lang', 'ja');
    await policy.close();
  }
});

/** Waits until no spinner or skeleton is left and the fonts are in. */
async function settle(page: Page) {
  await expect(page.locator('.chakra-spinner, .chakra-skeleton, [aria-busy=true]')).toHaveCount(0, { timeout: 20_000 });
  await page.evaluate(() => document.fonts.ready);
  await page.waitForTimeout(500);
}
