// A template's `{{variable}}` placeholders (`{{first_name|there}}` gives a default): found in its scripts and text
// elements, listed with where each occurs, and filled in with one video's values. One reading for the API, the CLI
// and the app's forms.

/** A variable's name: a lower-case letter, then lower-case letters, digits or underscores. */
export const VARIABLE_NAME = /^[a-z][a-z0-9_]*$/;
/** A value filled in is at most this long (it is spoken, or drawn in a text element). */
export const VARIABLE_VALUE_MAX = 500;
/** A batch makes at most this many videos. */
export const BATCH_ROWS_MAX = 1000;
/** The columns of a batch that are not variables. */
export const BATCH_COLUMNS = ['title', 'avatar_id', 'voice_id', 'callback_url'] as const;

const PLACEHOLDER = /\{\{\s*([a-z][a-z0-9_]*)\s*(?:\|([^}]*))?\}\}/g;

export type VariableOccurrence = { name: string; default: string | null };

/** The placeholders of one text, in order (a name may occur more than once). */
export function placeholdersOf(text: string): VariableOccurrence[] {
  return [...text.matchAll(PLACEHOLDER)].map((match) => ({ name: match[1]!, default: match[2]?.trim() ?? null }));
}

/** A text with each placeholder replaced by its value, or its default where `values` has none (null: left as is). */
export function fillText(text: string, values: Record<string, string | undefined>): string {
  return text.replace(PLACEHOLDER, (whole, name: string, fallback?: string) => values[name] ?? fallback?.trim() ?? whole);
}

/** What a template says of one variable: its default (the first one given) and the fields it occurs in. */
export type TemplateVariable = { name: string; default: string | null; occurs_in: string[] };

/** Every variable of the texts (`field path -> text`), in the order they first occur. */
export function variablesOf(texts: [field: string, text: string][]): TemplateVariable[] {
  const found = new Map<string, TemplateVariable>();
  for (const [field, text] of texts) {
    for (const { name, default: fallback } of placeholdersOf(text)) {
      const variable = found.get(name) ?? { name, default: null, occurs_in: [] };
      if (variable.default === null && fallback !== null) variable.default = fallback;
      if (!variable.occurs_in.includes(field)) variable.occurs_in.push(field);
      found.set(name, variable);
    }
  }
  return [...found.values()];
}

/** The names a video must be given values for (those without a default), and the given names no variable has. */
export function checkValues(variables: TemplateVariable[], values: Record<string, unknown>) {
  const missing = variables
    .filter((variable) => variable.default === null && !String(values[variable.name] ?? '').trim())
    .map((variable) => variable.name);
  const unknown = Object.keys(values).filter((name) => !variables.some((variable) => variable.name === name));
  return { missing, unknown };
}
