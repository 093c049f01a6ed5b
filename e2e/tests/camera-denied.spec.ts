import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { onboardedByApi, signInWithToken, uniqueEmail } from './support';

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, '--use-fake-device-for-media-stream', '--deny-permission-prompts'],
  },
});

test('a denied camera or microphone shows its message', async ({ page, request }) => {
  const token = await onboardedByApi(request, uniqueEmail('denied'), { name: 'Yuki' });
  await signInWithToken(page, token, '/avatars/new');
  await page.getByRole('button', { name: 'Record with webcam' }).click();
  await page.getByRole('button', { name: 'Allow camera and microphone' }).click();
  await expect(page.getByRole('alert')).toHaveText('Camera or microphone access was denied. Allow it in your browser settings.');
});
