// Valibot as Fastify's validator: failed checks become field errors with translatable messages, and route schemas
// become JSON Schema for the OpenAPI document.
import * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance } from 'fastify';
import { encodeMessage } from '@kagami/shared/validation';
import { validationMessage } from '../lib/messages';

type AnySchema = v.GenericSchema;

const isValibot = (schema: unknown): schema is AnySchema =>
  typeof schema === 'object' && schema !== null && '~standard' in schema && (schema as { kind?: string }).kind === 'schema';

/** A validation failure: field path -> the first message for it, key and params kept for translation. */
export class FieldErrors extends Error {
  constructor(readonly fields: Record<string, ReturnType<typeof validationMessage>>) {
    super('validation_failed');
  }
}

export function fieldErrorsOf(issues: v.BaseIssue<unknown>[]): FieldErrors {
  const fields: Record<string, ReturnType<typeof validationMessage>> = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '_';
    fields[path] ??= validationMessage(issue.message.startsWith('validation.') ? issue.message : encodedMessageOf(issue));
  }
  return new FieldErrors(fields);
}

/** The i18n key of an issue whose schema gave no message of its own (valibot's default is English prose). */
function encodedMessageOf(issue: v.BaseIssue<unknown>): string {
  if (issue.received === 'undefined' || issue.type === 'non_empty') return encodeMessage('required');
  const limit = String(issue.requirement);
  if (issue.type === 'min_value') return encodeMessage('minValue', { value: limit });
  if (issue.type === 'max_value') return encodeMessage('maxValue', { value: limit });
  if (issue.type === 'min_length') return encodeMessage('minLength', { length: limit });
  if (issue.type === 'max_length') return encodeMessage('maxLength', { length: limit });
  if (issue.type === 'picklist' || issue.type === 'enum' || issue.type === 'literal') return encodeMessage('notAChoice');
  return encodeMessage('invalid');
}

/**
 * Route schemas (body, querystring, params) are valibot schemas; the OpenAPI document gets their JSON
 * Schema. Response schemas only document an answer: it is sent as built, with JSON.stringify.
 */
export function installValibotSchemas(app: FastifyInstance) {
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  app.setValidatorCompiler(({ schema }) => {
    if (!isValibot(schema)) throw new Error('Route schemas must be valibot schemas');
    return (data: unknown) => {
      const result = v.safeParse(schema, data ?? {});
      return result.success ? { value: result.output } : { error: fieldErrorsOf(result.issues) };
    };
  });
}

function jsonSchemaOf(schema: unknown): unknown {
  if (!isValibot(schema)) return schema;
  const { $schema: _dialect, ...json } = toJsonSchema(schema, { errorMode: 'ignore', typeMode: 'input' });
  return withNumericDefaults(json);
}

/** A query value's default is text (`'20'`); where the document types the value as a number, so is its default. */
function withNumericDefaults(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withNumericDefaults);
  if (!node || typeof node !== 'object') return node;
  const walked = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withNumericDefaults(value)]));
  const numeric = walked.type === 'integer' || walked.type === 'number';
  return numeric && typeof walked.default === 'string' ? { ...walked, default: Number(walked.default) } : walked;
}

/** A route's schemas for the OpenAPI document: each valibot schema as JSON Schema, responses per status. */
export function valibotToOpenApi(part: string, schema: unknown): unknown {
  if (part !== 'response' || !schema || typeof schema !== 'object' || isValibot(schema)) return jsonSchemaOf(schema);
  return Object.fromEntries(Object.entries(schema).map(([status, answer]) => [status, jsonSchemaOf(answer)]));
}
