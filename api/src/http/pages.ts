// Page-numbered lists of the app's screens (`?page=&page_size=`): the query, and a page's answer.
import * as v from 'valibot';

/** `page` from 1, `page_size` 1-100 (`defaultSize` when absent). */
export const pageNumberQuery = (defaultSize: number) =>
  v.object({
    page: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1)), '1'),
    page_size: v.optional(v.pipe(v.string(), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(100)), String(defaultSize)),
  });

export type Page = { page: number; page_size: number };

/** `{ items, page, page_size, total }` from the page's rows and the count of all of them. */
export async function paginate<T>(rows: Promise<T[]>, total: Promise<{ value: number }[]>, page: Page) {
  const [items, [counted]] = await Promise.all([rows, total]);
  return { items, page: page.page, page_size: page.page_size, total: counted?.value ?? 0 };
}
