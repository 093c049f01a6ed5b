// Page-numbered lists of the app's screens (`?page=&page_size=`): the query, and a page's answer.
import * as v from 'valibot';
import { queryInteger } from '@kagami/shared/validation';

/** `page` from 1, `page_size` 1-100 (`defaultSize` when absent). */
export const pageNumberQuery = (defaultSize: number) =>
  v.object({ page: queryInteger(1, 100_000, 1), page_size: queryInteger(1, 100, defaultSize) });

export type Page = { page: number; page_size: number };

/** `{ items, page, page_size, total }` from the page's rows and the count of all of them. */
export async function paginate<T>(rows: Promise<T[]>, total: Promise<{ value: number }[]>, page: Page) {
  const [items, [counted]] = await Promise.all([rows, total]);
  return { items, page: page.page, page_size: page.page_size, total: counted?.value ?? 0 };
}
