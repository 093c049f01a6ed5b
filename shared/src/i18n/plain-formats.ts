/**
 * The dates and numbers the app shows, written in English (en-US) and Japanese (ja-JP) as Intl writes them, without
 * Intl: the first Intl object a page makes loads the browser's locale data, a long task on a phone (about 35 ms on a
 * two-core server, four to ten times that on a phone), and the sidebar's renewal date is on every signed-in screen.
 * formats.ts uses these for the shapes below and Intl for any other; plain-formats.test.ts holds them to Intl.
 */
type Language = 'en' | 'ja';
type Write = (value: Date) => string;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT_MONTHS = MONTHS.map((month) => month.slice(0, 3));

const pad = (n: number) => String(n).padStart(2, '0');
const numericDay = (d: Date) => `${d.getMonth() + 1}/${d.getDate()}/${d.getFullYear()}`;
const slashedDay = (d: Date) => `${d.getFullYear()}/${d.getMonth() + 1}/${d.getDate()}`;
const shortDay = (d: Date) => `${SHORT_MONTHS[d.getMonth()]} ${d.getDate()}`;
const hour12 = (d: Date) => d.getHours() % 12 || 12;
const meridiem = (d: Date) => (d.getHours() < 12 ? 'AM' : 'PM');

/** What `toLocaleString()` of a date shows: the day and the time to the second. */
export const DATE_AND_TIME: Intl.DateTimeFormatOptions = {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
  second: 'numeric',
};

/** The writers of each shape of date options the app uses, by the options' JSON. */
const DATE_SHAPES: Record<string, Record<Language, Write>> = {
  '{}': { en: numericDay, ja: slashedDay },
  [JSON.stringify(DATE_AND_TIME)]: {
    en: (d) => `${numericDay(d)}, ${hour12(d)}:${pad(d.getMinutes())}:${pad(d.getSeconds())} ${meridiem(d)}`,
    ja: (d) => `${slashedDay(d)} ${d.getHours()}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`,
  },
  [JSON.stringify({ month: 'short', day: 'numeric' })]: {
    en: shortDay,
    ja: (d) => `${d.getMonth() + 1}月${d.getDate()}日`,
  },
  [JSON.stringify({ year: 'numeric', month: 'long', day: 'numeric' })]: {
    en: (d) => `${MONTHS[d.getMonth()]} ${d.getDate()}, ${d.getFullYear()}`,
    ja: (d) => `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日`,
  },
  [JSON.stringify({ dateStyle: 'medium', timeStyle: 'short' })]: {
    en: (d) => `${shortDay(d)}, ${d.getFullYear()}, ${hour12(d)}:${pad(d.getMinutes())} ${meridiem(d)}`,
    ja: (d) => `${d.getFullYear()}/${pad(d.getMonth() + 1)}/${pad(d.getDate())} ${d.getHours()}:${pad(d.getMinutes())}`,
  },
  [JSON.stringify({ hour: '2-digit', minute: '2-digit' })]: {
    en: (d) => `${pad(hour12(d))}:${pad(d.getMinutes())} ${meridiem(d)}`,
    ja: (d) => `${pad(d.getHours())}:${pad(d.getMinutes())}`,
  },
};

/** The locales the app asks for; any other (en-GB writes its dates otherwise) and none (the browser's own) use Intl. */
const LANGUAGES: Record<string, Language> = { en: 'en', 'en-us': 'en', ja: 'ja', 'ja-jp': 'ja' };

const languageOf = (locale: string | undefined): Language | null => (locale && LANGUAGES[locale.toLowerCase()]) || null;

/** A writer of dates in `locale` with `options` without Intl, when the app's shapes include them; otherwise null. */
export function plainDateFormat(
  locale: string | undefined,
  options: Intl.DateTimeFormatOptions,
): { format: (value: Date | number) => string } | null {
  const language = languageOf(locale);
  const write = language && DATE_SHAPES[JSON.stringify(options)]?.[language];
  if (!write) return null;
  return {
    format: (value) => {
      const date = value instanceof Date ? value : new Date(value);
      // An invalid date: Intl's own error.
      return Number.isNaN(date.getTime()) ? new Intl.DateTimeFormat(locale, options).format(date) : write(date);
    },
  };
}

/**
 * `value` in decimal digits, rounded half away from zero to `maxDigits` after the point as Intl rounds: on the
 * shortest decimal that reads back as the same number (String(value)), not on its binary value. Null where String()
 * writes an exponent (below 1e-6 or from 1e21), which Intl writes out in full.
 */
function decimal(value: number, minDigits: number, maxDigits: number): { negative: boolean; whole: string; fraction: string } | null {
  const text = String(Math.abs(value));
  if (text.includes('e')) return null;
  const [whole, fraction = ''] = text.split('.');
  let digits = whole + fraction.slice(0, maxDigits).padEnd(maxDigits, '0');
  if (fraction.length > maxDigits && fraction.charAt(maxDigits) >= '5') digits = String(BigInt(digits) + 1n).padStart(digits.length, '0');
  const wholeDigits = digits.slice(0, digits.length - maxDigits) || '0';
  let kept = digits.slice(digits.length - maxDigits);
  while (kept.length > minDigits && kept.endsWith('0')) kept = kept.slice(0, -1);
  return { negative: Object.is(value, -0) || value < 0, whole: wholeDigits, fraction: kept };
}

const grouped = (whole: string) => whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The currencies the app charges in: their digits after the point unless told fewer, and their symbols in en-US and ja-JP. */
const CURRENCIES: Record<string, { digits: number; symbol: Record<Language, string> }> = {
  USD: { digits: 2, symbol: { en: '$', ja: '$' } },
  JPY: { digits: 0, symbol: { en: '¥', ja: '￥' } },
};
const SECONDS_UNIT: Record<Language, string> = { en: 'sec', ja: '秒' };

/** A writer of numbers in `locale` with `options` without Intl, when the app's shapes include them; otherwise null. */
export function plainNumberFormat(
  locale: string | undefined,
  options: Intl.NumberFormatOptions,
): { format: (value: number) => string } | null {
  const language = languageOf(locale);
  if (!language) return null;
  const { style = 'decimal', currency, maximumFractionDigits, unit, unitDisplay, ...rest } = options;
  if (Object.keys(rest).length > 0) return null;
  let minDigits = 0;
  let maxDigits = maximumFractionDigits ?? 3;
  let affix = (text: string) => text;
  if (style === 'currency') {
    const known = currency ? CURRENCIES[currency] : undefined;
    if (!known || unit || unitDisplay) return null;
    maxDigits = maximumFractionDigits ?? known.digits;
    minDigits = Math.min(known.digits, maxDigits);
    affix = (text) => `${known.symbol[language]}${text}`;
  } else if (style === 'unit') {
    if (unit !== 'second' || unitDisplay !== 'short' || currency) return null;
    affix = (text) => `${text} ${SECONDS_UNIT[language]}`;
  } else if (style !== 'decimal' || currency || unit || unitDisplay) {
    return null;
  }
  return {
    format: (value) => {
      const parts = Number.isFinite(value) ? decimal(value, minDigits, maxDigits) : null;
      if (!parts) return new Intl.NumberFormat(locale, options).format(value);
      const number = grouped(parts.whole) + (parts.fraction ? `.${parts.fraction}` : '');
      return `${parts.negative ? '-' : ''}${affix(number)}`;
    },
  };
}
