import { expect, type Page } from '@playwright/test';
import { REMOTE_STUDIO } from '../playwright.config';
import { media, probe } from './media';
import { JOURNEY, READY, test } from './studio-session';
import { onboardedByApi, signInWithToken, throttleUploads, uniqueEmail } from './support';

/** Opens New voice on Voices, uploads the recording and submits it under `name`; returns the dialog. */
async function submitVoice(page: Page, name: string) {
  await page.goto('/voices');
  await page.getByRole('button', { name: 'Create voice' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'New voice' });
  await dialog.getByLabel('File to upload').setInputFiles(media('voice.wav'));
  await expect(dialog.getByText('“voice.wav” is uploaded.')).toBeVisible({ timeout: 30_000 });
  await dialog.getByLabel('Voice name').fill(name);
  await dialog.getByRole('button', { name: 'Create voice' }).click();
  return dialog;
}

test.describe.serial('a studio session from one account', () => {
  let page: Page;

  // The account and its avatar, uploaded and followed to ready, come from the worker's studio session (studio-session.ts).
  test.beforeAll(({ studio }) => {
    page = studio.page;
  });

  test('an uploaded 35 s face clip becomes a ready avatar card with its preview', async () => {
    await page.goto('/avatars');
    const card = page.getByRole('article', { name: 'Studio Yuki' });
    await expect(card.getByText('Ready')).toBeVisible();
    await expect(card.getByRole('img', { name: 'Studio Yuki' })).toBeVisible();
    expect(await card.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  });

  test('a video from a script: voice preview played, processing followed to ready, downloaded mp4 with video and audio', async () => {
    test.setTimeout(JOURNEY);
    await page.goto('/avatars');
    await page.getByRole('article', { name: 'Studio Yuki' }).getByRole('link', { name: 'Create video' }).click();
    await expect(page).toHaveURL(/\/videos\/new\//);
    await expect(page.getByRole('heading', { name: 'Create a video' })).toBeVisible();
    await expect(page.getByLabel('Spoken language')).toHaveValue('en');
    await page.getByLabel('Video name').fill('Welcome message');
    const script = 'Welcome to Kagami. This video was written, voiced and rendered in a few seconds.';
    await page.getByRole('textbox', { name: 'Script' }).fill(script);
    await expect(page.getByTestId('script-count')).toHaveText(`${script.length} / 5000 characters`);

    await page.getByRole('button', { name: 'Preview voice' }).click();
    const preview = page.getByTestId('voice-preview-audio');
    await expect(preview).toBeVisible();
    const played = await preview.evaluate(
      (audio: HTMLAudioElement) =>
        new Promise<{ duration: number; time: number }>((resolve) => {
          audio.muted = true;
          const done = () => resolve({ duration: audio.duration, time: audio.currentTime });
          audio.addEventListener('ended', done);
          void audio.play().catch(() => done());
          setTimeout(done, 8000);
        }),
    );
    expect(played.duration).toBeGreaterThan(1);
    expect(played.time).toBeGreaterThan(0.5);

    await page.getByRole('button', { name: 'Generate video' }).click();
    await expect(page).toHaveURL(/\/videos\/processing\?video=/);
    const processing = page.getByTestId('video-processing');
    await expect(processing.getByText('Welcome message')).toBeVisible();
    await expect(processing.getByTestId('item-status')).toHaveAttribute('data-status', 'ready', READY);
    await expect(page.getByTestId('asset-video')).toBeVisible();

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download Welcome message' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toBe('Welcome message.mp4');
    const saved = test.info().outputPath('welcome.mp4');
    await file.saveAs(saved);
    const probed = probe(saved);
    expect(probed.format).toContain('mp4');
    expect(probed.streams).toEqual(expect.arrayContaining(['video', 'audio']));
    expect(probed.seconds).toBeGreaterThan(2);

    await page.goto('/videos');
    const row = page.getByTestId('video-row').filter({ hasText: 'Welcome message' });
    await expect(row.getByText('Yuki')).toBeVisible();
    await expect(row.getByText('Ready')).toBeVisible();

    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'History' }).click();
    const history = page.getByRole('table', { name: 'App History' });
    await expect(history.getByRole('row').filter({ hasText: 'Welcome message' })).toContainText('VideoWelcome message');
    await expect(history.getByRole('row').filter({ hasText: 'Welcome message' })).toContainText('Yuki');
    await expect(history.getByRole('row').filter({ hasText: 'Studio Yuki' })).toContainText('Avatar');
    await expect(page.getByTestId('quota-summary')).not.toContainText('0 / 3 min');
  });

  test('a video to publish: 9:16 over a colour with captions, its layout previewed, its poster listed, shared and watched without a session', async ({
    browser,
  }) => {
    test.setTimeout(JOURNEY);
    await page.goto('/avatars');
    await page.getByRole('article', { name: 'Studio Yuki' }).getByRole('link', { name: 'Create video' }).click();
    await page.getByLabel('Video name').fill('Vertical hello');
    await page.getByRole('textbox', { name: 'Script' }).fill('Hello from a vertical video. It has captions.');
    await page.getByLabel('Format').selectOption('9:16');
    await page.getByLabel('Background', { exact: true }).selectOption({ label: 'A colour' });
    await page.getByLabel('Presenter size').selectOption({ label: '80%' });
    await page.getByText('Burn in subtitles').click();
    // The layout, composed by the server before anything renders: a tall still.
    const still = page.getByTestId('layout-preview');
    await expect(still).toBeVisible();
    await expect
      .poll(() => still.evaluate((img: HTMLImageElement) => (img.complete ? img.naturalHeight / img.naturalWidth : 0)))
      .toBeCloseTo(16 / 9, 1);

    await page.getByRole('button', { name: 'Generate video' }).click();
    await expect(page.getByTestId('video-processing').getByTestId('item-status')).toHaveAttribute('data-status', 'ready', READY);
    const player = page.getByTestId('asset-video');
    await expect(player).toBeVisible();
    await expect(player.locator('track[kind=captions]')).toHaveCount(1);
    await expect
      .poll(() => player.evaluate((video: HTMLVideoElement) => video.videoHeight / Math.max(1, video.videoWidth)))
      .toBeCloseTo(16 / 9, 1);

    await page.goto('/videos');
    const row = page.getByTestId('video-row').filter({ hasText: 'Vertical hello' });
    await expect
      .poll(() =>
        row
          .getByTestId('video-poster')
          .locator('img')
          .evaluate((img: HTMLImageElement) => img.naturalWidth),
      )
      .toBeGreaterThan(0);
    await row.getByRole('button', { name: 'Share Vertical hello' }).click();
    await page.getByRole('button', { name: 'Create a link' }).click();
    const link = await page.getByRole('textbox', { name: 'Link' }).inputValue();
    expect(link).toMatch(/\/share\/[\w-]+$/);

    const visitor = await browser.newContext();
    const watch = await visitor.newPage();
    await watch.goto(link);
    await expect(watch.getByRole('heading', { name: 'Vertical hello' })).toBeVisible();
    await expect(watch.locator('video track[kind=captions]')).toHaveCount(1);
    await expect.poll(() => watch.locator('video').evaluate((video: HTMLVideoElement) => video.readyState)).toBeGreaterThan(0);
    await expect(watch.locator('body')).not.toContainText('Yuki');

    await page.getByRole('button', { name: 'Turn the link off' }).click();
    await expect(page.getByTestId('share-off')).toBeVisible();
    const gone = await watch.goto(link);
    expect(gone?.status()).toBe(404);
    await visitor.close();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('how a script is said: a pronunciation saved on the Voices screen, a pause written as a chip, a speed, all in the preview', async () => {
    test.setTimeout(120_000);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Voices' }).click();
    const words = page.getByRole('region', { name: 'Pronunciations' });
    await expect(words.getByTestId('pronunciations-empty')).toBeVisible();
    await words.getByLabel('Word').fill('Kagami');
    await words.getByLabel('Say it as').fill('kah gah me');
    await words.getByRole('button', { name: 'Save pronunciation' }).click();
    await expect(words.getByTestId('pronunciation-row')).toContainText('Kagami');
    await expect(words.getByTestId('pronunciation-row')).toContainText('kah gah me');

    await page.goto('/avatars');
    await page.getByRole('article', { name: 'Studio Yuki' }).getByRole('link', { name: 'Create video' }).click();
    const script = page.getByRole('textbox', { name: 'Script' });
    await script.fill('Hello from Kagami.');
    await page.getByRole('button', { name: 'Add a pause of 2 seconds' }).click();
    await script.press('End');
    await script.pressSequentially(' Goodbye.');
    await expect(script).toHaveValue('Hello from Kagami. [pause 2s] Goodbye.');
    await expect(page.getByTestId('script-as-said').getByTestId('pause-chip')).toHaveText('pause 2 sec');
    await page.getByLabel('Speed').selectOption('1.5');

    await page.getByRole('button', { name: 'Preview voice' }).click();
    const preview = page.getByTestId('voice-preview-audio');
    await expect(preview).toBeVisible();
    await expect.poll(() => preview.evaluate((audio: HTMLAudioElement) => audio.duration || 0)).toBeGreaterThan(2.5);
  });

  test('a voice upload is processed in its dialog and its sample plays in the list', async () => {
    test.setTimeout(JOURNEY);
    await submitVoice(page, 'Narrator');
    const processing = page.getByTestId('voice-processing');
    await expect(processing.getByTestId('item-status')).toHaveAttribute('data-status', 'ready', READY);
    await expect(processing.getByTestId('asset-audio')).toBeVisible();
    await page.getByRole('button', { name: 'Close' }).first().click();
    const row = page.getByTestId('voice-row').filter({ hasText: 'Narrator' });
    await expect(row.getByTestId('asset-audio')).toBeVisible();

    // At a phone's width the player keeps the size its controls need, and scrolls fully into view.
    const wide = page.viewportSize()!;
    await page.setViewportSize({ width: 360, height: 740 });
    const player = row.getByTestId('asset-audio');
    await player.scrollIntoViewIfNeeded();
    const box = (await player.boundingBox())!;
    await page.setViewportSize(wide);
    expect(box.width).toBeGreaterThanOrEqual(250);
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(360);
  });

  test("a second voice is past the Free plan's allowance: refused before the upload, the message offers the plans", async () => {
    test.setTimeout(60_000);
    await page.goto('/voices');
    await page.getByRole('button', { name: 'Create voice' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'New voice' });
    await dialog.getByLabel('File to upload').setInputFiles(media('voice.wav'));
    await expect(dialog.getByRole('alert')).toContainText("Your plan's voice models for this month are used up.");
    await expect(dialog.getByTestId('upload-progress')).toHaveCount(0);
    await dialog.getByRole('link', { name: 'See plans' }).click();
    await expect(page).toHaveURL(/\/subscription$/);
    await expect(page.getByTestId('quota-customVoices')).toContainText('1 of 1');
  });

  test('deleting an avatar with its default voice deletes both when asked to', async () => {
    await page.goto('/voices');
    await expect(page.getByTestId('voice-row')).toHaveCount(2);
    await expect(page.getByTestId('voice-row').filter({ hasText: 'Studio Yuki' })).toBeVisible();
    await page.goto('/avatars');
    await page.getByRole('article', { name: 'Studio Yuki' }).getByRole('button', { name: 'Delete Studio Yuki' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete avatar' });
    await expect(dialog.getByText('has its own voice')).toBeVisible();
    await dialog.getByText('The avatar and its voice').click();
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('No avatars yet')).toBeVisible();
    await page.goto('/voices');
    await expect(page.getByTestId('voice-row')).toHaveCount(1);
    await expect(page.getByTestId('voice-row')).toContainText('Narrator');
  });
});

test("the voice library: each language's female and male voices, each preview plays speech", async ({ page, request }) => {
  const token = await onboardedByApi(request, uniqueEmail('library'), { name: 'Mio' });
  await signInWithToken(page, token, '/voices');
  const library = page.getByRole('region', { name: 'Voice library' });
  await expect(library.getByTestId('library-voice')).toHaveText([/^Emma.*Female/, /^James.*Male/, /^Alan \(Scottish English\).*Male/]);
  await library.getByLabel('Language of the voices').selectOption('ja');
  await expect(library.getByTestId('library-voice')).toHaveText([/^Haruka.*Female/, /^Takumi.*Male/]);
  const preview = library.getByLabel('Preview of Haruka');
  await preview.evaluate((audio: HTMLAudioElement) => {
    audio.preload = 'auto';
    audio.load();
  });
  // The browser decoded the API's MP3: a second or more of it, and no error.
  await expect
    .poll(() => preview.evaluate((audio: HTMLAudioElement) => (audio.error ? -1 : audio.duration || 0)), { timeout: 30_000 })
    .toBeGreaterThan(1);
});

test('an upload interrupted by a page reload resumes where it stopped', async ({ page, request }) => {
  test.setTimeout(120_000);
  const token = await onboardedByApi(request, uniqueEmail('resume'), { name: 'Yuki' });
  await signInWithToken(page, token, '/avatars/new');
  const network = await throttleUploads(page, 1024 * 1024);
  await page.getByRole('button', { name: 'Upload a video' }).click();
  await page.getByLabel('File to upload').setInputFiles(media('large-face-clip.mp4'));
  await expect
    .poll(async () => Number((await page.getByTestId('upload-percent').textContent())?.match(/^(\d+)%/)?.[1] ?? 0), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(15);

  await page.reload();
  await network.lift();
  await expect(page.getByTestId('unfinished-upload')).toContainText('large-face-clip.mp4');
  await page.getByLabel('File to upload').setInputFiles(media('large-face-clip.mp4'));
  await expect(page.getByText('Continuing your earlier upload where it stopped.')).toBeVisible();
  await expect(page.getByText('“large-face-clip.mp4” is uploaded.')).toBeVisible({ timeout: 60_000 });
});

test('with remote-studio unreachable, Home shows the fallback and the other remotes keep working', async ({ page, request }) => {
  const token = await onboardedByApi(request, uniqueEmail('nostudio'), { name: 'Yuki' });
  await page.route(`${REMOTE_STUDIO}/mf-manifest.json`, (route) => route.abort());
  await signInWithToken(page, token, '/');
  await expect(page.getByTestId('remote-fallback')).toContainText('Temporarily unavailable', { timeout: 20_000 });
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Profile' }).click();
  await expect(page.getByRole('heading', { name: 'User Information' })).toBeVisible({ timeout: 20_000 });
});
