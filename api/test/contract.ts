// The API's contracts: every answer a test's server sends is checked against a committed OpenAPI document, the public
// API's (cli/openapi.json, which clients are generated from) or the app's (api/openapi.json). A status the operation
// does not declare, a body where it declares none, a media type it does not declare, or a JSON body outside its schema
// is a violation.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import Ajv2020 from 'ajv/dist/2020';
import addFormats from 'ajv-formats';
import type { FastifyReply, FastifyRequest } from 'fastify';

type Response = { content?: Record<string, { schema: unknown }> };
type Document = { paths: Record<string, Record<string, { responses: Record<string, Response> }>> };

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** Whether a declared media type (`video/mp4`, `video/*`, `*∕*`) covers the answer's. */
const covers = (declared: string, actual: string) =>
  declared === actual || declared === '*/*' || (declared.endsWith('/*') && actual.startsWith(declared.slice(0, -1)));

function documentContract(file: string, id: string) {
  const document = JSON.parse(readFileSync(resolve(__dirname, file), 'utf8')) as Document;
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema({ ...document, $id: id });
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
    const declared = operation.responses[status] ?? operation.responses[`${status[0]}XX`];
    if (!declared) return void violations.push(`${at}: the document declares no ${status} answer`);
    const isText = typeof payload === 'string' || Buffer.isBuffer(payload);
    const hasBody = payload !== null && payload !== undefined && (!isText || String(payload).length > 0);
    if (!declared.content) {
      if (hasBody) violations.push(`${at}: the document declares no body, but one was sent`);
      return;
    }
    const type = String(reply.getHeader('content-type') ?? '')
      .split(';')[0]!
      .trim();
    const mediaType = Object.keys(declared.content).find((candidate) => covers(candidate, type));
    if (!mediaType) return void violations.push(`${at}: ${type || 'no content type'} is not declared`);
    if (mediaType !== 'application/json') return;
    if (!isText) return void violations.push(`${at}: the answer is not JSON text`);
    const validate = ajv.getSchema(`${id}#/${pointer('paths', path, method, 'responses', status, 'content', mediaType, 'schema')}`);
    if (!validate) return void violations.push(`${at}: no JSON schema declared`);
    const body = JSON.parse(String(payload)) as { code?: unknown };
    if (!validate(body))
      violations.push(`${at}${typeof body.code === 'string' ? ` ${body.code}` : ''}: ${ajv.errorsText(validate.errors)}`);
  };
  return { onAnswer, violations, answers };
}

/** `onAnswer` for build(): it records each /api/v1 answer's violations of the public document. */
export const publicApiContract = () => documentContract('../../cli/openapi.json', 'kagami-public-api');

/** The same for every answer of the API (the app's routes and the public ones) against the app's document. */
export const appApiContract = () => documentContract('../openapi.json', 'kagami-app-api');
