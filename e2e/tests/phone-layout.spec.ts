// Every screen on a phone (360x740 and 390x844, English and Japanese): nothing scrolls sideways, no table cell or
// control is off the screen, axe finds nothing (at 390 px), and the menu drawer works by touch and keyboard.
// Photographed into KAGAMI_SCREENSHOTS when set.
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { PHONES, offScreen, phonePage, useMenu } from './phone';
import { apiAs, onboardedByApi, signInWithToken } from './support';

const SIGNED_OUT = ['/login', '/signup', '/forgot-password'];
const SIGNED_IN = [
  '/',
  '/avatars/new',
  '/videos',
  '/videos/new/no-such-avatar',
  '/videos/processing',
  '/voices',
  '/profile',
  '/api-key',
  '/subscription',
  '/contact-sales',
  '/history',
  '/billing',
];
const VOICES = { en: 'Voices', ja: 'ボイス' };
const screenshotDir = process.env.KAGAMI_SCREENSHOTS;

/** Every axe violation on the page, whatever its impact. */
async function axeViolations(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join('; ')}`);
}

async function settled(page: Page) {
  await expect(page.getByRole('heading').first()).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('.chakra-spinner, .chakra-skeleton, [aria-busy=true]')).toHaveCount(0, { timeout: 20_000 });
}

for (const language of ['en', 'ja'] as const) {
  for (const phone of PHONES) {
    test(`every screen fits a ${phone.width} px phone in ${language}`, async ({ browser, request }) => {
      test.setTimeout(180_000);
      const token = await onboardedByApi(request, `phone-${phone.width}-${language}@example.com`, { name: 'Aoi Tanaka-Whitfield' });
      // Rows in the tables a new team already has a way to fill: a pronunciation and a webhook delivery.
      const api = apiAs(request, token);
      const team = `/api/teams/${token.teamId}`;
      await api.post(`${team}/pronunciations`, { word: 'Kagami', say_as: 'kah gah me' });
      const receiver = createServer((_, response) => response.writeHead(204).end());
      await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
      const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/kagami`;
      const endpoint = (await api.post(`${team}/webhooks`, { url, events: ['video.ready'] })) as { id: string };
      await api.post(`${team}/webhooks/${endpoint.id}/test`);

      const page = await phonePage(browser, phone, language);
      for (const path of SIGNED_OUT) {
        await page.goto(path);
        await settled(page);
        expect.soft(await offScreen(page), `${language} ${phone.width} ${path}`).toEqual([]);
        if (phone.width === 390) expect.soft(await axeViolations(page), `axe ${language} ${path}`).toEqual([]);
      }
      await signInWithToken(page, String(token), '/');
      for (const path of SIGNED_IN) {
        await test.step(path, async () => {
          await page.goto(path);
          await settled(page);
          expect.soft(await offScreen(page), `${language} ${phone.width} ${path}`).toEqual([]);
          if (phone.width === 390) expect.soft(await axeViolations(page), `axe ${language} ${path}`).toEqual([]);
          if (screenshotDir) {
            mkdirSync(screenshotDir, { recursive: true });
            const name = path === '/' ? 'home' : path.slice(1).replaceAll('/', '-');
            await page.screenshot({ path: join(screenshotDir, `${language}-${phone.width}-${name}.png`), fullPage: true });
          }
        });
      }
      // Signed in afresh: one CI run found this page on Login after the screens above, a session loss not yet explained.
      await signInWithToken(page, String(token), '/profile');
      await settled(page);
      await useMenu(page, { name: VOICES[language], path: '/voices' });
      await page.context().close();
      receiver.close();
    });
  }
}

test('the menu drawer is not there on a wide screen, where the sidebar is', async ({ page, request }) => {
  const token = await onboardedByApi(request, 'phone-wide@example.com');
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInWithToken(page, String(token), '/voices');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect(page.getByTestId('menu-button')).toBeHidden();
  await expect(page.getByTestId('user-name')).toBeVisible();
});
