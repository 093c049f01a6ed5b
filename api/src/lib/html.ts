// HTML the API writes (its checkout, billing portal and share pages, its mails): every value interpolated into
// an `html` template is escaped unless it is itself `Html`, so a page is safe by construction, not by care.

/** Text made safe inside HTML, in element content and in quoted attributes. */
const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ENTITIES[char]!);

/** Markup known to be safe: made by `html`, or constant text of the program's own given to `trustedHtml`. */
export class Html {
  constructor(readonly markup: string) {}

  toString() {
    return this.markup;
  }
}

type Value = Html | string | number | null | undefined | false | readonly Value[];

const render = (value: Value): string => {
  if (value instanceof Html) return value.markup;
  if (Array.isArray(value)) return value.map(render).join('');
  if (value === null || value === undefined || value === false) return '';
  return escapeHtml(String(value));
};

/** A template whose values are escaped (arrays joined, null, undefined and false left out), except those already Html. */
export function html(strings: TemplateStringsArray, ...values: Value[]): Html {
  return new Html(strings.reduce((out, text, i) => out + text + (i < values.length ? render(values[i]!) : ''), ''));
}

/** The program's own constant markup (a style sheet, an inline SVG): never anything that came from outside. */
export const trustedHtml = (markup: string) => new Html(markup);
