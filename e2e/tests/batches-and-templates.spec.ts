// Templates and batches as a user drives them: a one-scene video of the editor saved as a template with a
// {{first_name}} variable, one video made from it, then a batch of two rows pasted as CSV, checked, started, followed
// to completion and its results downloaded. The account and its ready avatar are the worker's studio session (this
// file runs before studio.spec.ts, whose last journey deletes that avatar).
import { readFile } from 'node:fs/promises';
import { expect } from '@playwright/test';
import { stretched } from '../stretch';
import { offScreen } from './phone';
import { READY, test } from './studio-session';
import { photograph } from './shots';
import { signInWithToken } from './support';

const TEMPLATE = 'Greeting template';

test('a template saved from the editor makes one video, then a batch of two from a pasted CSV, followed to its results', async ({
  browser,
  studio,
}) => {
  test.setTimeout(READY.timeout + stretched(240_000));
  const page = await browser.newPage();
  await signInWithToken(page, studio.token, '/videos/new/scenes?mode=scenes');

  // One scene, one sentence, 720p (the editor's default), saved as a template.
  const editor = page.getByTestId('scene-editor');
  await expect(editor).toBeVisible();
  await expect(editor.getByLabel('Presenter', { exact: true }).locator('option:checked')).toHaveText(studio.avatar);
  await expect(editor.getByLabel('Resolution')).toHaveValue('720p');
  await editor.getByRole('textbox', { name: 'Script' }).fill('Hello {{first_name}}, welcome to Kagami.');
  await editor.getByRole('button', { name: 'Save as template' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Save as template' });
  await dialog.getByLabel('Template name').fill(TEMPLATE);
  await dialog.getByRole('button', { name: 'Save template' }).click();
  await expect(dialog).toBeHidden();
  const saved = editor.getByTestId('template-saved');
  await expect(saved).toContainText(`Saved as the template “${TEMPLATE}”.`);
  await saved.getByRole('link', { name: 'Open Templates' }).click();

  // Listed with its variable; one video made from it.
  await expect(page).toHaveURL(/\/templates$/);
  const card = page.getByRole('article', { name: TEMPLATE });
  await expect(card.getByRole('list', { name: 'Variables' })).toHaveText('first_name');
  await card.getByRole('link', { name: 'Make a video' }).click();
  await page.getByRole('textbox', { name: /^first_name/ }).fill('Ada');
  await expect(page.getByTestId('template-script')).toHaveText('Hello Ada, welcome to Kagami.');
  await expect(page.getByTestId('template-still')).toBeVisible({ timeout: stretched(20_000) });
  await page.getByRole('button', { name: 'Generate video' }).click();
  await expect(page).toHaveURL(/\/videos\/processing\?video=/);
  await expect(page.getByTestId('video-processing').getByText(TEMPLATE)).toBeVisible();

  // A batch of two rows from a pasted CSV: mapped by name, checked, started.
  await page.goto('/templates');
  for (const width of [1280, 390])
    await photograph(page, 'templates', width, () => expect(page.getByRole('article', { name: TEMPLATE })).toBeVisible());
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByRole('article', { name: TEMPLATE })).toBeVisible();
  expect(await offScreen(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('article', { name: TEMPLATE }).getByRole('link', { name: 'Start a batch' }).click();
  await page.getByRole('textbox', { name: 'Rows as CSV' }).fill('first_name,title\nGrace,Hello Grace\nLinus,Hello Linus\n');
  await expect(page.getByTestId('csv-summary')).toHaveText('Rows: 2 · columns: 2');
  await expect(page.getByRole('combobox', { name: 'What “first_name” gives' })).toHaveValue('variable:first_name');
  await expect(page.getByRole('combobox', { name: 'What “title” gives' })).toHaveValue('column:title');
  // The list, the mapping and the check fit a phone's screen.
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await offScreen(page)).toEqual([]);
  await page.getByRole('button', { name: 'Check' }).click();
  await expect(page.getByTestId('batch-check')).toContainText('Every row can be made.');
  expect(await offScreen(page)).toEqual([]);
  await photograph(page, 'batch-start', 390);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.getByRole('button', { name: 'Start batch' }).click();

  // Followed on its page to the end; usable on a phone while it runs.
  await expect(page).toHaveURL(/\/batches\/[\w-]+$/);
  await expect(page.getByRole('heading', { name: TEMPLATE, level: 1 })).toBeVisible();
  await expect(page.getByTestId('batch-count-total')).toContainText('2');
  await page.setViewportSize({ width: 390, height: 844 });
  expect(await offScreen(page)).toEqual([]);
  await page.setViewportSize({ width: 1280, height: 720 });
  await expect(page.getByTestId('batch-status')).toHaveAttribute('data-status', 'completed', READY);
  await expect(page.getByTestId('batch-count-ready')).toContainText('2');
  for (const width of [1280, 390]) await photograph(page, 'batch', width);
  const rows = page.getByRole('table', { name: 'Videos of the batch' }).getByTestId('batch-item');
  await expect(rows).toHaveCount(2);
  await expect(rows.first()).toContainText('Hello Grace');
  await expect(rows.first().getByRole('link', { name: 'Open the video “Hello Grace”' })).toBeVisible();

  // The results as CSV: a header, then a line per row with its ready video.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Download results (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^kagami-batch-[\w-]+\.csv$/);
  const lines = (await readFile((await download.path())!, 'utf8'))
    .replace(/^\uFEFF/, '')
    .trim()
    .split(/\r?\n/);
  expect(lines[0]).toMatch(/^row,title,video_id,status,reason,share_link,download_link$/);
  expect(lines).toHaveLength(3);
  expect(lines[1]).toMatch(/^1,Hello Grace,[\w-]+,ready,,https?:\/\/\S+,https?:\/\/\S+$/);
  expect(lines[2]).toMatch(/^2,Hello Linus,[\w-]+,ready,/);
  await page.close();
});
