import { expect, test } from '@playwright/test';
import { REMOTE_AUTH } from '../playwright.config';
import { signUpByApi, uniqueEmail } from './support';

test.beforeEach(async ({ page }) => {
  await page.route(/accounts\.google\.com|gstatic\.com/, (route) => route.abort());
});

test('(e) Japanese is shown on every auth screen, and the choice is kept', async ({ page, request }) => {
  await page.goto('/login');
  await page.getByLabel('Language').selectOption('ja');
  await expect(page.getByRole('heading', { name: 'Kagamiにログイン' })).toBeVisible();
  await expect(page.getByLabel('メールアドレス')).toBeVisible();
  await page.getByRole('button', { name: 'ログイン' }).click();
  await expect(page.getByText('この項目は必須です。').first()).toBeVisible();

  await page.goto('/signup');
  await expect(page.getByRole('heading', { name: 'Kagamiのアカウントを作成' })).toBeVisible();
  await expect(page.getByText('ステップ 1 / 3')).toBeVisible();
  await page.goto('/forgot-password');
  await expect(page.getByRole('heading', { name: 'パスワードの再設定' })).toBeVisible();
  await page.goto('/reset-password');
  await expect(page.getByRole('heading', { name: '新しいパスワードを設定' })).toBeVisible();
  await expect(page.getByText('この再設定リンクは不完全です。', { exact: false })).toBeVisible();

  // Onboarding screens, for a signed-up user with no profile yet.
  const token = await signUpByApi(request, uniqueEmail('ja'));
  await page.evaluate((accessToken) => localStorage.setItem('kagami.user', JSON.stringify({ accessToken, tokenType: 'Bearer' })), token);
  await page.goto('/user-profile');
  await expect(page.getByRole('heading', { name: 'あなたについて教えてください' })).toBeVisible();
  await page.getByLabel('氏名').fill('佐藤 花子');
  await page.getByLabel('従業員数').selectOption('1');
  await page.getByLabel('役職').selectOption('STUDENT');
  await page.getByRole('button', { name: '続ける' }).click();
  await expect(page.getByRole('heading', { name: 'チームを選択' })).toBeVisible();
  await page.getByLabel('招待コード').fill('nonexistent');
  await page.getByRole('button', { name: 'チームに参加' }).click();
  await expect(page.getByRole('alert')).toHaveText('この招待コードは無効です。');
  await page.getByRole('button', { name: 'チームなしで続ける' }).click();
  await expect(page.getByTestId('current-team-name')).toHaveText('佐藤 花子のチーム');
  await expect(page.getByRole('navigation', { name: 'メインメニュー' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'アバター', level: 1 })).toBeVisible();
  await expect(page.getByText('アバターはまだありません')).toBeVisible();
});

test('(f) with remote-auth unreachable, the shell shows its fallback with a retry button, and retry recovers', async ({ page }) => {
  let blocked = true;
  await page.route(`${REMOTE_AUTH}/mf-manifest.json`, (route) => (blocked ? route.abort() : route.continue()));
  await page.goto('/login');
  const fallback = page.getByTestId('remote-fallback');
  await expect(fallback).toBeVisible({ timeout: 20_000 });
  await expect(fallback).toContainText('Temporarily unavailable');
  await expect(page.getByText('Kagami', { exact: true }).first()).toBeVisible();
  await expect(page.getByLabel('Language')).toBeVisible();
  blocked = false;
  await fallback.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { name: 'Log in to Kagami' })).toBeVisible({ timeout: 20_000 });
});

test('(g) React and the UI door (with Chakra inside) are loaded once, shared between the shell and remote-auth', async ({ page }) => {
  const scripts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response.url());
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in to Kagami' })).toBeVisible();
  expect(scripts.some((url) => url.startsWith(REMOTE_AUTH))).toBe(true);
  const loaded = await page.evaluate(() => {
    type Share = Record<string, Record<string, Record<string, Record<string, { loaded?: boolean; loading?: unknown; from: string }>>>>;
    const share = (globalThis as unknown as { __FEDERATION__: { __SHARE__: Share } }).__FEDERATION__.__SHARE__;
    const result: Record<string, string[]> = {};
    for (const host of Object.values(share)) {
      for (const scope of Object.values(host)) {
        for (const name of ['react', 'react-dom', '@kagami/shared/ui', '@kagami/shared/router', '@emotion/react', '@chakra-ui/react']) {
          for (const [version, entry] of Object.entries(scope[name] ?? {})) {
            if (entry.loaded || entry.loading) (result[name] ??= []).push(`${version} from ${entry.from}`);
          }
        }
      }
    }
    return Object.fromEntries(Object.entries(result).map(([name, copies]) => [name, [...new Set(copies)]]));
  });
  for (const name of ['react', 'react-dom', '@kagami/shared/ui', '@kagami/shared/router', '@emotion/react']) {
    expect(loaded[name], `${name}: ${JSON.stringify(loaded[name])}`).toHaveLength(1);
  }
  // Chakra is not shared whole: it travels inside the door, tree-shaken.
  expect(loaded['@chakra-ui/react']).toBeUndefined();
  // Among every script the page loaded, exactly one carries React's implementation and one Chakra's button,
  // and both come from the shell: remote-auth's own fallback copies were never fetched.
  const sources = await Promise.all(scripts.map(async (url) => ({ url, text: await (await page.request.get(url)).text() })));
  const carrying = (marker: string) => sources.filter((s) => s.text.includes(marker)).map((s) => s.url);
  for (const marker of ['__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE=', '"chakra-button"']) {
    const urls = carrying(marker);
    expect(urls, marker).toHaveLength(1);
    expect(urls[0]!.startsWith(REMOTE_AUTH), urls[0]).toBe(false);
  }
});

test('the page starts from the runtime config it carries, without first asking for runtime-config.json', async ({ page }) => {
  const asked: string[] = [];
  page.on('request', (request) => asked.push(new URL(request.url()).pathname));
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in to Kagami' })).toBeVisible();
  expect(asked).toContain('/main.js');
  expect(asked).not.toContain('/runtime-config.json');
});

test("the shell's and the remote's entry scripts ask Chrome to compile them as they stream in", async ({ page }) => {
  const entries: Promise<{ url: string; firstLine: string }>[] = [];
  page.on('response', (response) => {
    if (/\/(main|remoteEntry)\.js$/.test(new URL(response.url()).pathname))
      entries.push(response.text().then((text) => ({ url: response.url(), firstLine: text.split('\n', 1)[0] ?? '' })));
  });
  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in to Kagami' })).toBeVisible();
  const loaded = await Promise.all(entries);
  expect(loaded.map(({ url }) => new URL(url).pathname)).toEqual(expect.arrayContaining(['/main.js', '/remoteEntry.js']));
  for (const { url, firstLine } of loaded) expect({ url, firstLine }).toEqual({ url, firstLine: '//# allFunctionsCalledOnLoad' });
});

test("the UI kit's reset and token variables come with the page, once, and the app's screen is styled by them", async ({ page }) => {
  const response = await page.goto('/login');
  const html = (await response?.text()) ?? '';
  expect(html).toMatch(/<style data-ui-global>@layer reset,base,tokens,recipes;<\/style>/);
  expect(html).toContain('--chakra-colors-brand-700:');
  await expect(page.getByRole('heading', { name: 'Log in to Kagami' })).toBeVisible();
  const declarations = await page.evaluate(() => {
    const rules = (list: CSSRuleList): CSSRule[] =>
      [...list].flatMap((rule) => [rule, ...('cssRules' in rule ? rules((rule as CSSGroupingRule).cssRules) : [])]);
    return [...document.styleSheets]
      .flatMap((sheet) => rules(sheet.cssRules))
      .filter((rule) => rule instanceof CSSStyleRule && rule.style.getPropertyValue('--chakra-colors-brand-700') !== '').length;
  });
  expect(declarations).toBe(1);
  // The primary button's colour is a token variable: it resolves only with the page's token styles.
  await expect(page.getByRole('button', { name: 'Log in' })).toHaveCSS('background-color', 'rgb(11, 110, 102)');
});

test("the page paints the brand before any script has run, the screen's remote is on its way with the shell's script, and the app replaces the brand", async ({
  browser,
  page,
}) => {
  const withoutScript = await browser.newContext({ javaScriptEnabled: false });
  const still = await withoutScript.newPage();
  const response = await still.goto('/login');
  await expect(still.locator('#root').getByText('Kagami', { exact: true })).toBeVisible();
  expect(response?.headers().link).toContain(`<${REMOTE_AUTH}/mf-manifest.json>; rel=preload; as=fetch; crossorigin`);
  await withoutScript.close();

  await page.goto('/login');
  await expect(page.getByRole('heading', { name: 'Log in to Kagami' })).toBeVisible();
  await expect(page.locator('#root [aria-busy]')).toHaveCount(0);
});

test('guard: deep links wait for login, /join stores the code, unknown paths go Home', async ({ page }) => {
  await page.goto('/voices');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('kagami.intendedDestination'))).toBe('/voices');
  await page.goto('/join?code=INVITE123');
  await expect(page).toHaveURL(/\/login$/);
  expect(await page.evaluate(() => localStorage.getItem('kagami.invitationCode'))).toBe('INVITE123');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/login$/);
});
