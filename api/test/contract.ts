// The contract of the public API: every /api/v1 answer a test's server sends is checked against the committed OpenAPI
// document (cli/openapi.json), which is what clients are generated from. A status the operation does not declare, a
// body where it declares none, or a JSON body outside its schema is a violation.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Response = { content?: Record<string, { schema: unknown }> };
type Document = { paths: Record<string, Record<string, { responses: Record<string, Response> }>> };

const DOCUMENT_ID = 'kagami-public-api';
const document = JSON.parse(readFileSync(resolve(__dirname, '../../cli/openapi.json'), 'utf8')) as Document;

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** `onAnswer` for build(): it records each /api/v1 answer's violations of the document. */
export function publicApiContract() {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const violations: string[] = [];
  const answers = new Set<string>();

  const onAnswer = (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    const path = request.routeOptions.url?.replace(/:(\w+)/g, '{$1}');
    const method = request.method.toLowerCase();
    const operation = path ? document.paths[path]?.[method] : undefined;
    if (!path || !operation) return;
    const status = String(reply.statusCode);
    const at = `${request.method} ${path} ${status}`;
    answers.add(at);
    const declared = operation.responses[status];
    if (!declared) return void violations.push(`${at}: the document declares no ${status} answer`);
    const text = typeof payload === 'string' ? payload : Buffer.isBuffer(payload) ? payload.toString() : null;
    if (!declared.content) {
      if (text) violations.push(`${at}: the document declares no body, but one was sent`);
      return;
    }
    if (text === null) return void violations.push(`${at}: the answer is not JSON text`);
    const validate = ajv.getSchema(
      `${DOCUMENT_ID}#/${pointer('paths', path, method, 'responses', status, 'content', 'application/json', 'schema')}`,
    );
    if (!validate) return void violations.push(`${at}: no JSON schema declared`);
    if (!validate(JSON.parse(text))) violations.push(`${at}: ${ajv.errorsText(validate.errors)}`);
  };
  return { onAnswer, violations, answers };
}
