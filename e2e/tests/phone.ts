// What a phone shows: the two widths the layout is held to, what is off the screen, and the menu drawer used by touch
// and by keyboard.
import { expect, type Browser, type Page } from '@playwright/test';

export const PHONES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
] as const;

export type Phone = (typeof PHONES)[number];

/** A page of a touch phone of this size. */
export async function phonePage(browser: Browser, phone: Phone, language: 'en' | 'ja') {
  const context = await browser.newContext({ viewport: phone, hasTouch: true, isMobile: true });
  await context.addInitScript((lang) => localStorage.setItem('kagami.language', lang), language);
  return context.newPage();
}

/**
 * Everything that is off a phone's screen: the page scrolling sideways, and any table cell or control reaching
 * outside the viewport (visually hidden ones, such as a stacked table's column headers, are skipped).
 */
export function offScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const problems: string[] = [];
    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) problems.push(`the page is ${pageWidth} px wide`);
    for (const element of document.querySelectorAll('td, th, button, a, input, select, textarea, [role=listitem]')) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      const head = element.closest('thead')?.getBoundingClientRect();
      if (head && (head.width <= 1 || head.height <= 1)) continue;
      if (box.left < -1 || box.right > width + 1) {
        const text = (element.textContent ?? '').trim().slice(0, 40) || element.getAttribute('aria-label') || '';
        problems.push(`${element.tagName.toLowerCase()} "${text}" spans ${Math.round(box.left)}-${Math.round(box.right)} px`);
      }
    }
    return problems;
  });
}

const focusInDrawer = (page: Page) => page.evaluate(() => Boolean(document.activeElement?.closest('[role=dialog]')));

/**
 * The menu drawer: opened by keyboard, focus kept inside it, closed by Escape with focus back on its button; then
 * opened by touch, and a tap on `target` opens that screen and closes the drawer.
 */
export async function useMenu(page: Page, target: { name: string; path: string }) {
  const button = page.getByTestId('menu-button');
  const drawer = page.getByRole('dialog');
  await button.focus();
  await page.keyboard.press('Enter');
  await expect(drawer.getByRole('navigation')).toBeVisible();
  await expect.poll(() => focusInDrawer(page)).toBe(true);
  for (let i = 0; i < 25; i += 1) await page.keyboard.press('Tab');
  expect(await focusInDrawer(page)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(drawer).toHaveCount(0);
  await expect(button).toBeFocused();

  await button.tap();
  await drawer.getByRole('link', { name: target.name, exact: true }).tap();
  await expect(page).toHaveURL(new RegExp(`${target.path}$`));
  await expect(drawer).toHaveCount(0);
  await expect(page.getByTestId('menu-button')).toBeVisible();
}
