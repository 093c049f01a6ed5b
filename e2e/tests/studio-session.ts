import { expect, test as base, type Page } from '@playwright/test';
import { stretched } from '../stretch';
import { media } from './media';
import { onboardedByApi, signInWithToken, uniqueEmail } from './support';

// A 35 s face clip took 153 s to become an avatar on a slow two-core machine: room for that, and a video after it
// (CI stretches both by TEST_TIMEOUT_SCALE).
export const READY = { timeout: stretched(300_000) };
export const JOURNEY = READY.timeout + stretched(120_000);

/** The avatar the studio session makes. */
export const AVATAR = 'Studio Yuki';

/** Chooses the upload on AvatarsNew, sends a file and fills the details with consent. */
export async function uploadAvatar(page: Page, file: string, name: string) {
  await page.goto('/avatars/new');
  await expect(page.getByRole('region', { name: 'What makes a good avatar video' })).toBeVisible();
  await page.getByRole('button', { name: 'Upload a video' }).click();
  await page.getByLabel('File to upload').setInputFiles(file);
  await expect(page.getByText(/is uploaded\.$/)).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Avatar name').fill(name);
  await expect(page.getByTestId('consent-text')).toContainText('Yuki');
  await page.locator('[data-scope=checkbox][data-part=control]').click();
  await page.getByRole('button', { name: 'Create avatar' }).click();
}

/** One account, its signed-in page and its ready avatar: the expensive part of the studio's journeys, made once. */
export type StudioSession = { token: string; page: Page; avatar: string };

/**
 * `studio`: made once for the worker, by the first spec that asks (batches-and-templates.spec.ts, scene-editor.spec.ts,
 * studio.spec.ts, which run in that order: the last deletes the avatar at its end): the user
 * signs up, uploads the 35 s face clip on AvatarsNew and follows its processing, stage by stage, to ready.
 */
export const test = base.extend<object, { studio: StudioSession }>({
  studio: [
    async ({ browser, playwright }, use) => {
      const request = await playwright.request.newContext();
      const token = await onboardedByApi(request, uniqueEmail('studio'), { name: 'Yuki' });
      const page = await browser.newPage();
      await signInWithToken(page, token, '/avatars');
      await expect(page.getByText('No avatars yet')).toBeVisible();
      await uploadAvatar(page, media('face-clip.mp4'), AVATAR);
      await expect(page).toHaveURL(/\/avatars\/new\?avatar=/);
      await expect(page.getByRole('heading', { name: 'Creating your avatar' })).toBeVisible();
      await expect(page.getByTestId('item-status')).toHaveAttribute('data-status', 'in_progress');
      // The worker's stage and percentage reach the screen while it works.
      await expect(page.getByTestId('avatar-stage')).toHaveText(
        /^(Finding the face|Choosing the stretch|Tracking the mouth|Cutting out the person|Finishing) \d+%$/,
      );
      await expect(page.getByRole('progressbar', { name: 'Avatar progress' })).toHaveAttribute('aria-valuenow', /^\d+$/);
      await expect(page.getByTestId('item-status')).toHaveAttribute('data-status', 'ready', READY);
      await expect(page.getByRole('heading', { name: 'Your avatar is ready' })).toBeVisible();
      await expect(page.getByRole('img', { name: AVATAR })).toBeVisible();
      await use({ token: String(token), page, avatar: AVATAR });
      await page.close();
      await request.dispose();
    },
    { scope: 'worker', timeout: READY.timeout + stretched(120_000) },
  ],
});
