import { DATE_AND_TIME, plainDateFormat, plainNumberFormat } from './plain-formats';

/** Every shape of options the app formats with (grep `dateTimeFormat(` and `numberFormat(` for the call sites). */
const DATE_SHAPES: Intl.DateTimeFormatOptions[] = [
  {},
  DATE_AND_TIME,
  { month: 'short', day: 'numeric' },
  { year: 'numeric', month: 'long', day: 'numeric' },
  { dateStyle: 'medium', timeStyle: 'short' },
  { hour: '2-digit', minute: '2-digit' },
];
const NUMBER_SHAPES: Intl.NumberFormatOptions[] = [
  {},
  { style: 'currency', currency: 'USD', maximumFractionDigits: 2 },
  { style: 'currency', currency: 'USD', maximumFractionDigits: 0 },
  { style: 'currency', currency: 'JPY', maximumFractionDigits: 0 },
  { style: 'unit', unit: 'second', unitDisplay: 'short' },
];
const LOCALES = ['en', 'en-US', 'ja', 'ja-JP'];

/** Each month, each hour, days of one and two digits, midnight and noon, and a year of the past and the future. */
const DATES = [
  ...Array.from({ length: 12 }, (_, month) => new Date(2026, month, month + 1, 2 * month, 5 * month, 59 - month)),
  ...Array.from({ length: 24 }, (_, hour) => new Date(2027, 10, 28, hour, hour === 12 ? 0 : 41, 7)),
  new Date(1999, 11, 31, 23, 59, 59),
  new Date(2100, 0, 1, 0, 0, 0),
];
const NUMBERS = [0, -0, 1, 2, 0.5, 1.5, 10, 29, 999, 1000, 1234.5, -1234.5, 12345.678, 1234567.891, 1.0005, 999.9995, 0.125, 0.0005];
NUMBERS.push(-0.0001, 19.999, 0.005, 2.675, 1e-7, 1e21, 3000, 9_007_199_254_740_991, Number.NaN, Number.POSITIVE_INFINITY);

test.each(LOCALES.flatMap((locale) => DATE_SHAPES.map((options) => [locale, options] as const)))(
  'dates in %s with %j are written as Intl writes them',
  (locale, options) => {
    const plain = plainDateFormat(locale, options);
    expect(plain).not.toBeNull();
    const intl = new Intl.DateTimeFormat(locale, options);
    for (const date of DATES) expect(plain!.format(date)).toBe(intl.format(date));
    const first = DATES[0]!;
    expect(plain!.format(first.getTime())).toBe(intl.format(first));
  },
);

test.each(LOCALES.flatMap((locale) => NUMBER_SHAPES.map((options) => [locale, options] as const)))(
  'numbers in %s with %j are written as Intl writes them',
  (locale, options) => {
    const plain = plainNumberFormat(locale, options);
    expect(plain).not.toBeNull();
    const intl = new Intl.NumberFormat(locale, options);
    for (const value of NUMBERS) expect([value, plain!.format(value)]).toEqual([value, intl.format(value)]);
  },
);

test('other locales and other shapes are left to Intl', () => {
  expect(plainDateFormat('fr', {})).toBeNull();
  expect(plainDateFormat('en-GB', {})).toBeNull();
  expect(plainDateFormat('ja-JP-u-ca-japanese', {})).toBeNull();
  expect(plainDateFormat(undefined, {})).toBeNull();
  expect(plainDateFormat('en', { weekday: 'long' })).toBeNull();
  expect(plainNumberFormat('de-DE', {})).toBeNull();
  expect(plainNumberFormat('en', { style: 'percent' })).toBeNull();
  expect(plainNumberFormat('en', { style: 'currency', currency: 'EUR' })).toBeNull();
  expect(plainNumberFormat('ja', { minimumFractionDigits: 2 })).toBeNull();
  expect(plainNumberFormat('en', { style: 'unit', unit: 'minute', unitDisplay: 'short' })).toBeNull();
});

test('an invalid date fails as Intl fails', () => {
  expect(() => plainDateFormat('en', {})!.format(new Date('not a date'))).toThrow(RangeError);
});
