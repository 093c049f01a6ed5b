// How the public API's OpenAPI document describes a refused request: its error object, optionally narrowed to codes.
import { valibotToOpenApi } from '../../routing/validation';
import { ApiError } from './responses';

/** A refusal's answer in the document: the API's error object, described; with `codes`, its `code` is one of them. */
export function refusal(description: string, codes?: readonly string[]) {
  const error = valibotToOpenApi('body', ApiError) as object;
  const schema = codes ? { allOf: [error, { type: 'object', properties: { code: { type: 'string', enum: codes } } }] } : error;
  const listed = codes ? ` Codes: ${codes.map((code) => `\`${code}\``).join(', ')}.` : '';
  return { description: `${description}${listed}`, content: { 'application/json': { schema } } };
}
