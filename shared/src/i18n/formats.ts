/**
 * Intl formatters, made once per locale and options and then kept: making one costs a phone milliseconds (tens for
 * the first of a kind), and tables, meters and menus format on every render. `Date.prototype.toLocaleString` and its
 * kin make a new one on every call.
 */
const made = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function kept<T extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, make: () => T): T {
  if (!made.has(key)) made.set(key, make());
  return made.get(key) as T;
}

export const dateTimeFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions) =>
  kept(`date|${locale}|${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));

export const numberFormat = (locale: string | undefined, options: Intl.NumberFormatOptions = {}) =>
  kept(`number|${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));

/** What `toLocaleString()` of a date shows: the day and the time to the second. */
export const DATE_AND_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};
