import { expect, test } from '@playwright/test';
import { CHROMIUM_ARGS } from '../playwright.config';
import { stretched } from '../stretch';
import { media } from './media';
import { onboardedByApi, signInWithToken, throttleUploads, uniqueEmail } from './support';

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
  // A 32 s recording takes up to about 150 s to process on a slow two-core machine.
  test.setTimeout(stretched(420_000));
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
  await expect(page.getByTestId('item-status')).not.toHaveAttribute('data-status', 'in_progress', { timeout: stretched(300_000) });
  await expect(page.getByTestId('item-status')).toHaveAttribute('data-status', 'ready');
});

test('on a phone held upright: the front camera is asked for an upright frame, the script is legible over the preview, and a gallery video uploads with progress', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const token = await onboardedByApi(request, uniqueEmail('webcam-phone'), { name: 'Yuki' });
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
  const page = await context.newPage();
  await page.addInitScript(() => {
    const asked: MediaStreamConstraints[] = [];
    (window as unknown as { asked: MediaStreamConstraints[] }).asked = asked;
    const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = (constraints) => {
      asked.push(constraints!);
      return getUserMedia(constraints);
    };
  });
  await signInWithToken(page, token, '/avatars/new');
  await page.getByRole('button', { name: 'Record with webcam' }).tap();
  await page.getByRole('button', { name: 'Allow camera and microphone' }).tap();
  await expect(page.getByLabel('Camera preview')).toBeVisible();
  const video = await page.evaluate(() => (window as unknown as { asked: { video: MediaTrackConstraints }[] }).asked[0]!.video);
  expect(video).toMatchObject({ facingMode: 'user', width: { ideal: 720 }, height: { ideal: 1280 } });

  await page.getByRole('button', { name: 'Start recording' }).tap();
  const script = page.getByTestId('speech-script');
  await expect(script).toContainText('digital avatar');
  await expect(script).toBeInViewport();
  const box = (await script.boundingBox())!;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(390);
  expect(await script.locator('p').evaluate((text) => parseFloat(getComputedStyle(text).fontSize))).toBeGreaterThanOrEqual(16);
  await page.getByRole('button', { name: 'Stop recording' }).tap();

  // The phone's gallery is the file input's chooser (it takes video/*); on a 4 Mbit/s uplink the upload shows its
  // progress on screen, then ends uploaded.
  await page.goto('/avatars/new');
  const network = await throttleUploads(page, 512 * 1024, 40);
  await page.getByRole('button', { name: 'Upload a video' }).tap();
  await expect(page.getByLabel('File to upload')).toHaveAttribute('accept', /video\/\*/);
  await page.getByLabel('File to upload').setInputFiles(media('large-face-clip.mp4'));
  await expect(page.getByRole('progressbar')).toBeInViewport();
  await expect
    .poll(async () => Number((await page.getByTestId('upload-percent').textContent())?.match(/^(\d+)%/)?.[1] ?? 0), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(5);
  await network.lift();
  await expect(page.getByText(/is uploaded\.$/)).toBeVisible({ timeout: 60_000 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await context.close();
});
