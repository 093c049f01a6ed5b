// CSV the product writes (history, and any export after it): RFC 4180 quoting, and text cells that a
// spreadsheet would run as a formula (=, +, -, @, tab, carriage return first) written with a leading
// apostrophe, as OWASP advises against CSV injection. Numbers the product computed are written as numbers.

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\n\r]/;

/** One cell: a number as it is, anything else as text made inert and quoted where needed. */
export function csvCell(value: string | number | null | undefined): string {
  if (typeof value === 'number') return String(value);
  const raw = value ?? '';
  const text = FORMULA_START.test(raw) ? `'${raw}` : raw;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A whole file: the header, then one line per row; with a byte order mark so Excel reads it as UTF-8. */
export function csvFile(header: readonly string[], rows: readonly (readonly (string | number | null | undefined)[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\n')}\n`;
}
