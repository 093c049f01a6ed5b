type ApiFieldErrors = Record<string, { key: string; params: Record<string, string> }> | undefined;
type SetError = (name: never, error: { type: string; message: string }) => void;

const camel = (key: string) => key.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/**
 * Puts the API's field errors (snake_case wire names) on the matching form fields, as encoded
 * messages the form translates like its own (a part of a field, `colors.0`, on that part). Returns whether any field
 * took an error.
 */
export function applyFieldErrors(fields: ApiFieldErrors, setError: SetError, formFields: readonly string[]): boolean {
  let applied = false;
  for (const [wireName, error] of Object.entries(fields ?? {})) {
    // A field's part (`colors.0`) lands on that part of a form field.
    const name = camel(wireName);
    if (!formFields.includes(name.split('.')[0]!)) continue;
    const query = new URLSearchParams(error.params).toString();
    setError(name as never, { type: 'server', message: `${error.key}${query ? `?${query}` : ''}` });
    applied = true;
  }
  return applied;
}
