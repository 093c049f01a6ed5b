import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { API } from '../playwright.config';

export const PASSWORD = 'kagami-pass-1';
let counter = 0;
export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${(counter += 1)}@example.com`;

/** The newest outbox message for an address, waiting for it to arrive. */
export async function latestMail(request: APIRequestContext, to: string, subject?: RegExp) {
  let found: { subject: string; text: string } | undefined;
  await expect
    .poll(async () => {
      const response = await request.get(`${API}/api/dev/mailbox?to=${encodeURIComponent(to)}`);
      const { messages } = (await response.json()) as { messages: { subject: string; text: string }[] };
      found = messages.find((m) => !subject || subject.test(m.subject));
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

export const codeIn = (text: string) => text.match(/\b(\d{6})\b/)![1]!;

/** A signed-up user made through the API (no profile yet), with their bearer token. */
export async function signUpByApi(request: APIRequestContext, email: string) {
  await request.post(`${API}/api/auth/send-verification-code`, { data: { email } });
  const code = codeIn((await latestMail(request, email)).text);
  const response = await request.post(`${API}/api/auth/signup`, { data: { email, password: PASSWORD, code } });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { token: string }).token;
}

/** A user who can land on Home: named, with a team of their own. */
export async function onboardedByApi(request: APIRequestContext, email: string, options: { name?: string; team?: string } = {}) {
  const token = await signUpByApi(request, email);
  const headers = { authorization: `Bearer ${token}` };
  await request.put(`${API}/api/users/update-profile`, {
    headers,
    data: { name: options.name ?? 'Yuki', company_name: 'Kagami', number_of_employees: '2-10', role: 'ENGINEER_DESIGNER_RESEARCHER' },
  });
  const team = await request.post(`${API}/api/teams`, { headers, data: { name: options.team ?? "Yuki's team" } });
  return Object.assign(token, { teamId: ((await team.json()) as { id: string }).id }) as string & { teamId: string };
}

/** Calls the API as a signed-in user. */
export function apiAs(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  return {
    get: async (path: string) => (await request.get(`${API}${path}`, { headers })).json(),
    post: async (path: string, data: object = {}) => (await request.post(`${API}${path}`, { headers, data })).json(),
  };
}

export async function logIn(page: Page, email: string, password = PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
}

/** Home in the main layout: the menu, and remote-studio's avatar list. */
export async function expectHome(page: Page) {
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Avatars', level: 1 })).toBeVisible();
}

/** Opens the app signed in with a token (as a restored session does). */
export async function signInWithToken(page: Page, token: string, path = '/') {
  await page.goto('/privacy-policy.html');
  // onboardedByApi's token is a String object carrying teamId: pass its plain value.
  await page.evaluate(
    (accessToken) => localStorage.setItem('kagami.user', JSON.stringify({ accessToken, tokenType: 'Bearer' })),
    String(token),
  );
  await page.goto(path);
}

/**
 * Every translation key of the app (`namespace.key.path`, as a screen would show it if its translations were
 * missing), read from the locale files of the shell, the remotes and shared.
 */
export function translationKeys(): string[] {
  const root = join(__dirname, '..', '..');
  const files = ['shared/src/i18n/locales/en/common.json', 'shell/src/locales/en/shell.json'].concat(
    ['auth', 'studio', 'account', 'billing'].map((name) => `remote-${name}/src/locales/en/${name}.json`),
  );
  const keysOf = (node: unknown, prefix: string): string[] =>
    node && typeof node === 'object'
      ? Object.entries(node).flatMap(([key, value]) => keysOf(value, prefix ? `${prefix}.${key}` : key))
      : [prefix];
  return files.flatMap((file) => keysOf(JSON.parse(readFileSync(join(root, file), 'utf8')), '')).filter((key) => key.includes('.'));
}

/** Text on the page (text nodes, labels, placeholders, titles) that is a translation key rather than a translation. */
export function rawKeysOn(page: Page, keys: string[]) {
  return page.evaluate((all) => {
    const known = new Set(all);
    const isKey = (text: string | null) =>
      (text ?? '')
        .split(/\s+/)
        .map((word) => word.replace(/^[^\w]+|[^\w]+$/g, '').replace(/^\w+:/, ''))
        .filter((word) => known.has(word));
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) found.push(...isKey(walker.currentNode.textContent));
    for (const element of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
      for (const name of ['aria-label', 'placeholder', 'title']) found.push(...isKey(element.getAttribute(name)));
    }
    return found;
  }, keys);
}

/** Holds the page's uploads to `bytesPerSecond` (with `latencyMs` per request); call `.lift()` to end it. */
export async function throttleUploads(page: Page, bytesPerSecond: number, latencyMs = 0) {
  const network = await page.context().newCDPSession(page);
  await network.send('Network.enable');
  const conditions = (upload: number, latency: number) =>
    network.send('Network.emulateNetworkConditions', { offline: false, latency, downloadThroughput: -1, uploadThroughput: upload });
  await conditions(bytesPerSecond, latencyMs);
  return { lift: () => conditions(-1, 0) };
}
