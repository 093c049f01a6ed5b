import { plainDateFormat, plainNumberFormat } from './plain-formats';

export { DATE_AND_TIME } from './plain-formats';

/**
 * Formatters, made once per locale and options and then kept: making one costs a phone milliseconds, and tables,
 * meters and menus format on every render. `Date.prototype.toLocaleString` and its kin make a new one on every call.
 * The app's own shapes in English and Japanese are written without Intl (plain-formats.ts); any other uses Intl.
 */
type DateFormat = { format: (value: Date | number) => string };
type NumberFormat = { format: (value: number) => string };
const made = new Map<string, DateFormat | NumberFormat>();

function kept<T extends DateFormat | NumberFormat>(key: string, make: () => T): T {
  if (!made.has(key)) made.set(key, make());
  return made.get(key) as T;
}

export const dateTimeFormat = (locale: string | undefined, options: Intl.DateTimeFormatOptions): DateFormat =>
  kept(`date|${locale}|${JSON.stringify(options)}`, () => plainDateFormat(locale, options) ?? new Intl.DateTimeFormat(locale, options));

export const numberFormat = (locale: string | undefined, options: Intl.NumberFormatOptions = {}): NumberFormat =>
  kept(`number|${locale}|${JSON.stringify(options)}`, () => plainNumberFormat(locale, options) ?? new Intl.NumberFormat(locale, options));
