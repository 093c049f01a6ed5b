// The English text of error codes, validation messages and moderation categories, read from the catalogue the screens
// translate (@kagami/shared's en/common.json).
import en from '@kagami/shared/locales/en/common.json';
import { decodeMessage, moderationCategoryKey } from '@kagami/shared/validation';

function lookup(path: string): string | undefined {
  const value = path.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);
  return typeof value === 'string' ? value : undefined;
}

const interpolate = (text: string, params: Record<string, unknown>) =>
  text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(params[name] ?? ''));

/** The English text of an error code, from the same catalogue the screens translate. */
export function errorMessage(code: string, params: Record<string, unknown> = {}): string {
  return interpolate(lookup(`errors.${code}`) ?? lookup('errors.unknown')!, params);
}

/** A code's English message as a reference shows it, its parameters by name: `Wait {minutes} minutes`. */
export const messageTemplate = (code: string) => errorMessage(code, new Proxy({}, { get: (_target, name) => `{${String(name)}}` }));

/** The English text of an encoded validation message (`validation.minLength?length=8`). */
export function validationMessage(encoded: string): { key: string; params: Record<string, string>; message: string } {
  const { key, params } = decodeMessage(encoded);
  return { key, params, message: interpolate(lookup(key) ?? encoded, params) };
}

/** Why a script was refused, in English words (`it was flagged as hateful`). */
export const moderationCategoryText = (category: string) => lookup(`moderationCategories.${moderationCategoryKey(category)}`)!;
