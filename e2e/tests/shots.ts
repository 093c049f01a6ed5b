// Screens photographed for a person to look at: whole pages at a width, into KAGAMI_SHOTS when it is set (a folder
// outside the repository); the journeys run the same without it.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** `page` photographed whole at `width` as `name-width.png`, once `ready` has resolved at that width. */
export async function photograph(page: Page, name: string, width: number, ready: () => Promise<unknown> = async () => {}) {
  const folder = process.env.KAGAMI_SHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  const before = page.viewportSize()!;
  await page.setViewportSize({ width, height: 900 });
  await ready();
  await page.waitForTimeout(500);
  await page.screenshot({ path: join(folder, `${name}-${width}.png`), fullPage: true });
  await page.setViewportSize(before);
}
