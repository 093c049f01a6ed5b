import * as v from 'valibot';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance } from 'fastify';
import { validationMessage } from './messages';

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
    fields[path] ??= validationMessage(issue.message);
  }
  return new FieldErrors(fields);
}

/** Route schemas (body, querystring, params) are valibot schemas; the OpenAPI document gets their JSON Schema. */
export function installValibotSchemas(app: FastifyInstance) {
  app.setValidatorCompiler(({ schema }) => {
    if (!isValibot(schema)) throw new Error('Route schemas must be valibot schemas');
    return (data: unknown) => {
      const result = v.safeParse(schema, data ?? {});
      return result.success ? { value: result.output } : { error: fieldErrorsOf(result.issues) };
    };
  });
}

export function valibotToOpenApi(schema: unknown): unknown {
  if (!isValibot(schema)) return schema;
  return toJsonSchema(schema, { errorMode: 'ignore', typeMode: 'input' });
}
