/**
 * Validation messages travel as i18n keys with their parameters, encoded in one string
 * (`validation.minLength?length=8`) so valibot, react-hook-form and the API can carry them
 * unchanged; `decodeMessage` turns them back into a key and params for `t()`.
 */
export type ValidationKey =
  | 'required'
  | 'invalid'
  | 'notAChoice'
  | 'email'
  | 'minLength'
  | 'maxLength'
  | 'alphanumeric'
  | 'number'
  | 'halfWidth'
  | 'minValue'
  | 'maxValue'
  | 'passwordsMismatch'
  | 'emailsMismatch'
  | 'codeFormat'
  | 'agreementRequired'
  | 'consentRequired'
  | 'dateRange'
  | 'url'
  | 'eventsRequired'
  | 'scenesCount'
  | 'batchRowsCount'
  | 'elementsCount'
  | 'brandColorsCount'
  | 'hexColor';

export function encodeMessage(key: ValidationKey, params: Record<string, string | number> = {}): string {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return `validation.${key}${query ? `?${query}` : ''}`;
}

export function decodeMessage(message: string): { key: string; params: Record<string, string> } {
  const [key = message, query = ''] = message.split('?', 2);
  return { key, params: Object.fromEntries(new URLSearchParams(query)) };
}
