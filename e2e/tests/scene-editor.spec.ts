// The scene editor as a user drives it: a PDF's pages become scenes, reordered by keyboard, one given a colour, the
// draft reloaded, then rendered and played. The account and its ready avatar are the worker's studio session
// (studio-session.ts), shared with studio.spec.ts.
import { expect, type Locator, type Page } from '@playwright/test';
import { stretched } from '../stretch';
import { media } from './media';
import { test } from './studio-session';
import { photograph } from './shots';
import { signInWithToken } from './support';

const COLOUR = '#FF8800';
/** The line on each page of the test PDF (api/test/media/documents.ts, made by global-setup). */
const lineOf = (page: number) => `Slide ${page}: quarterly results`;

/**
 * The colour at a point of an image (fractions of its width and height), as the browser decoded it; null while the
 * still is between pictures (its new one not decoded yet), so a poll asks again.
 */
const pixelAt = (image: Locator, x: number, y: number) =>
  image.evaluate(
    async (img: HTMLImageElement, [fx, fy]) => {
      const decoded = await img.decode().then(
        () => true,
        () => false,
      );
      if (!decoded || !img.naturalWidth) return null;
      const canvas = document.createElement('canvas');
      canvas.width = img.naturalWidth;
      canvas.height = img.naturalHeight;
      const context = canvas.getContext('2d')!;
      context.drawImage(img, 0, 0);
      return [...context.getImageData(Math.floor(img.naturalWidth * fx!), Math.floor(img.naturalHeight * fy!), 1, 1).data.slice(0, 3)];
    },
    [x, y],
  );
const near = (rgb: number[] | null, hex: string) => {
  if (!rgb) return false;
  const want = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16));
  return rgb.every((value, index) => Math.abs(value - want[index]!) <= 24);
};

/** The scene list's items, in order, by the first words of each one's script. */
const sceneOrder = (page: Page) =>
  page
    .getByRole('list', { name: 'Scenes' })
    .getByTestId('scene-item')
    .evaluateAll((items) => items.map((item) => /Slide (\d)/.exec(item.textContent ?? '')?.[1] ?? '?').join(','));

test('the scene editor: a PDF becomes one scene per page, reordered by keyboard, a colour behind one, the draft reloaded, rendered and played', async ({
  browser,
  studio,
}) => {
  test.setTimeout(stretched(180_000));
  const page = await browser.newPage();
  await signInWithToken(page, studio.token, '/avatars');
  await page.getByRole('article', { name: studio.avatar }).getByRole('link', { name: 'Create video' }).click();
  await expect(page.getByRole('heading', { name: 'Create a video' })).toBeVisible();
  await page.getByRole('radiogroup', { name: 'What to make' }).getByText('Several scenes').click();
  await expect(page).toHaveURL(/[?&]mode=scenes/);
  const editor = page.getByTestId('scene-editor');
  await expect(editor).toBeVisible();

  // One scene per page of a three-page PDF, each page's line as its script, each with its presenter.
  await editor.getByRole('button', { name: 'One scene per page of a PDF' }).click();
  const importer = page.getByTestId('document-scenes');
  await importer.getByLabel('File to upload').setInputFiles(media('slides.pdf'));
  await importer.getByRole('button', { name: 'Make 3 scenes, one per page' }).click({ timeout: stretched(30_000) });
  await expect(importer).toBeHidden();
  const list = page.getByRole('list', { name: 'Scenes' });
  const items = list.getByTestId('scene-item');
  await expect(items).toHaveCount(3);
  for (const page of [1, 2, 3]) await expect(items.nth(page - 1)).toContainText(lineOf(page));
  await expect(editor.getByRole('textbox', { name: 'Script' })).toHaveValue(lineOf(1));
  await expect(editor.getByLabel('Presenter', { exact: true }).locator('option:checked')).toHaveText(studio.avatar);
  // The slides' thumbnails are shown in the list.
  await expect
    .poll(() => items.locator('img').evaluateAll((images) => images.map((img) => (img as HTMLImageElement).naturalWidth > 0)))
    .toEqual([true, true, true]);

  // Reordered by keyboard: the focused scene moves with Alt+Arrow keys, keeps the focus, and the move is said aloud.
  await list.locator('[data-scene-index="0"]').focus();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => sceneOrder(page)).toBe('2,1,3');
  const said = page.getByTestId('scene-moves');
  await expect(said).toHaveText('Scene 1 moved to place 2.');
  await expect(said).toHaveAttribute('aria-live', 'polite');
  await expect(list.locator('[data-scene-index="1"]')).toBeFocused();
  await page.keyboard.press('Alt+ArrowDown');
  await expect.poll(() => sceneOrder(page)).toBe('2,3,1');
  await expect(said).toHaveText('Scene 2 moved to place 3.');
  await list.locator('[data-scene-index="1"]').focus();
  await page.keyboard.press('Alt+ArrowUp');
  await expect.poll(() => sceneOrder(page)).toBe('3,2,1');
  await expect(said).toHaveText('Scene 2 moved to place 1.');

  // The second scene (page 2) over a colour instead of its slide: its still is drawn again on the colour.
  await list.locator('[data-scene-index="1"]').click();
  await expect(editor.getByRole('textbox', { name: 'Script' })).toHaveValue(lineOf(2));
  const still = editor.getByTestId('scene-still');
  await expect.poll(async () => near(await pixelAt(still, 0.02, 0.5), '#FFFFFF')).toBe(true);
  await editor.getByLabel('Background', { exact: true }).selectOption({ label: 'A colour' });
  await editor.getByLabel('Background colour').fill(COLOUR.toLowerCase());
  await expect.poll(async () => near(await pixelAt(still, 0.02, 0.5), COLOUR), { timeout: stretched(15_000) }).toBe(true);
  await expect(items.nth(1).locator('img')).toHaveCount(0);
  await expect(editor.getByRole('textbox', { name: 'Script' })).toHaveValue(lineOf(2));
  await expect(editor.getByTestId('draft-state')).toHaveText('Draft saved');
  await expect(page).toHaveURL(/[?&]draft=[\w-]+/);

  // Reloaded: the draft comes back as it was left.
  await page.reload();
  await expect(items).toHaveCount(3);
  await expect.poll(() => sceneOrder(page)).toBe('3,2,1');
  await list.locator('[data-scene-index="1"]').click();
  await expect(editor.getByLabel('Background', { exact: true })).toHaveValue('color');
  await expect(editor.getByLabel('Background colour')).toHaveValue(COLOUR.toLowerCase());
  await expect.poll(async () => near(await pixelAt(still, 0.02, 0.5), COLOUR), { timeout: stretched(15_000) }).toBe(true);
  for (const width of [1280, 390]) await photograph(page, 'editor', width, () => expect(page.getByTestId('scene-still')).toBeVisible());
  // At a phone's width nothing runs off the side, and each scene's buttons stay on the screen.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const last = (await list.getByRole('button', { name: 'Delete scene 3' }).boundingBox())!;
  expect(last.x + last.width).toBeLessThanOrEqual(390);
  await page.setViewportSize({ width: 1280, height: 720 });

  // Rendered and played.
  await editor.getByLabel('Video name').fill('Quarterly scenes');
  await editor.getByRole('button', { name: 'Generate video' }).click();
  await expect(page).toHaveURL(/\/videos\/processing\?video=/);
  const processing = page.getByTestId('video-processing');
  await expect(processing.getByText('Quarterly scenes')).toBeVisible();
  await expect(processing.getByTestId('item-status')).toHaveAttribute('data-status', 'ready', { timeout: stretched(120_000) });
  const player = page.getByTestId('asset-video');
  const played = await player.evaluate(
    (video: HTMLVideoElement) =>
      new Promise<{ readyState: number; time: number; duration: number }>((resolve) => {
        video.muted = true;
        const done = () => resolve({ readyState: video.readyState, time: video.currentTime, duration: video.duration });
        video.addEventListener('timeupdate', () => video.currentTime > 0.5 && done());
        void video.play().catch(done);
        setTimeout(done, 8000);
      }),
  );
  expect(played.readyState).toBeGreaterThanOrEqual(2);
  expect(played.time).toBeGreaterThan(0.5);
  expect(played.duration).toBeGreaterThan(3);
  await page.close();
});
