import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { media } from './media';
import { onboardedByApi, signInWithToken, uniqueEmail } from './support';

// Chromium's fake camera shows a face (made by global-setup); its fake microphone a tone.
test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      ...CHROMIUM_ARGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${media('camera.mjpeg')}`,
    ],
  },
});

test('record, record again, then submit with consent: the avatar is processed', async ({ page, request }) => {
  test.setTimeout(180_000);
  const token = await onboardedByApi(request, uniqueEmail('webcam'), { name: 'Yuki' });
  await signInWithToken(page, token, '/avatars/new');
  await page.getByRole('button', { name: 'Record with webcam' }).click();
  await page.getByRole('button', { name: 'Allow camera and microphone' }).click();
  await expect(page.getByLabel('Camera preview')).toBeVisible();

  await page.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('speech-script')).toContainText('digital avatar');
  await page.waitForTimeout(2_000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await expect(page.getByRole('alert')).toContainText('too short');
  await expect(page.getByRole('button', { name: 'Use this recording' })).toBeDisabled();
  await page.getByRole('button', { name: 'Record again' }).click();

  await page.getByRole('button', { name: 'Start recording' }).click();
  await page.waitForTimeout(32_000);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await page.getByRole('button', { name: 'Use this recording' }).click();
  await expect(page.getByText(/is uploaded\.$/)).toBeVisible({ timeout: 60_000 });
  await page.getByLabel('Avatar name').fill('Webcam Yuki');
  await page.getByRole('button', { name: 'Create avatar' }).click();
  await expect(page.getByRole('alert')).toHaveText('Read and accept the consent statement to continue.');
  await page.locator('[data-scope=checkbox][data-part=control]').click();
  await page.getByRole('button', { name: 'Create avatar' }).click();
  await expect(page.getByRole('heading', { name: 'Creating your avatar' })).toBeVisible();
  await expect(page.getByTestId('avatar-processing')).toContainText('Webcam Yuki');
  await expect(page.getByTestId('item-status')).not.toHaveAttribute('data-status', 'in_progress', { timeout: 120_000 });
  await expect(page.getByTestId('item-status')).toHaveAttribute('data-status', 'ready');
});
