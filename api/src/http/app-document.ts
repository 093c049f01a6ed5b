// The app's OpenAPI document (/api/docs, /api/docs/json): every route of the API, the web app's and the public one's.
// Route schemas are valibot schemas, converted here; each operation's security follows the guard its route runs.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { needsApiKey } from '../domains/public-api/auth';
import { UPLOADS_PATH } from '../domains/uploads/tus-server';
import { valibotToOpenApi } from '../routing/validation';
import { withComponents } from '../routing/openapi-components';
import { APP_TAGS, refusalsOf, type AppRefusals } from '../routing/operations';
import { TAGS as PUBLIC_TAGS } from '../domains/public-api/operations';
import { refusal } from '../domains/public-api/refusal';

export const APP_DOCUMENT: FastifyDynamicSwaggerOptions['openapi'] = {
  openapi: '3.1.0',
  info: {
    title: 'Kagami API',
    version: '1.0.0',
    description:
      "Every call of Kagami's API: the web app's (a session's token as `Authorization: Bearer`) and the public API under `/api/v1` (a team's key in `X-API-Key`, documented on its own at `/api/v1/openapi.json`). Uploads use the tus 1.0 resumable upload protocol at `/api/uploads`.",
  },
  servers: [{ url: '/', description: 'This deployment' }],
  tags: [...APP_TAGS, ...PUBLIC_TAGS.filter((tag) => !APP_TAGS.some((app) => app.name === tag.name))],
  components: {
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', description: 'The token a sign-in answers with.' },
      apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: "A team's API key (the public API)." },
    },
  },
};

/** @fastify/swagger's `transformObject`: the titled schemas of every route made components. */
export const withAppComponents: NonNullable<FastifyDynamicSwaggerOptions['transformObject']> = (document) => {
  const openapi = (document as { openapiObject: { paths?: Record<string, unknown>; components?: object } }).openapiObject;
  const { paths, schemas } = withComponents(openapi.paths ?? {});
  return { ...openapi, paths, components: { ...openapi.components, schemas } } as ReturnType<typeof withAppComponents>;
};

/** Who may call a route: a session, a team's key, either (the tus uploads), or anyone. */
function securityOf(route: Pick<RouteOptions, 'preHandler' | 'url' | 'config'>): Record<string, string[]>[] {
  if (route.config?.signedIn) return [{ bearer: [] }];
  const handlers = [route.preHandler].flat();
  if (handlers.some(needsApiKey)) return [{ apiKey: [] }];
  if (route.url.startsWith(UPLOADS_PATH)) return [{ bearer: [] }, { apiKey: [] }];
  return [];
}

/** What each refusal status means on an app route. */
const MEANS: Record<number, string> = {
  400: 'The request is not valid; `validation_failed` comes with `fields`.',
  401: 'No valid session, or the credentials are wrong.',
  402: 'The plan does not allow it.',
  403: 'Not allowed to the caller.',
  404: 'Not found, or not the caller’s.',
  409: 'It conflicts with what exists.',
  410: 'Gone.',
  413: 'The request or its file is too large.',
  414: 'A path parameter is too long.',
  415: 'The body is not a type this call takes.',
  422: 'The request is well formed, but its content cannot be used.',
  429: 'Too many requests; `Retry-After` says when to try again.',
  502: 'A service it relies on failed.',
  503: 'A service it needs is unavailable for now; `Retry-After` when known.',
};

type DocumentedRoute = Pick<RouteOptions, 'url' | 'schema' | 'method'>;
const takesInput = (route: DocumentedRoute) =>
  ['body', 'querystring', 'params'].some((part) => (route.schema as Record<string, unknown> | undefined)?.[part]);
const takesBody = (route: DocumentedRoute) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(String(route.method));
const hasParams = (route: DocumentedRoute) => route.url.includes(':') || route.url.endsWith('*');

/** The refusals any app route can give, by what the route is: its codes at a status, when they apply. */
const ANY_ROUTE: { status: number; codes: string[]; when: (route: DocumentedRoute, guarded: boolean) => boolean }[] = [
  { status: 400, codes: ['validation_failed'], when: takesInput },
  // A value the database refuses (a null byte, a number out of range), wherever it came from.
  { status: 400, codes: ['invalid_input'], when: (route) => takesInput(route) || takesBody(route) || hasParams(route) },
  { status: 400, codes: ['bad_request'], when: takesBody },
  { status: 401, codes: ['unauthorized'], when: (_route, guarded) => guarded },
  { status: 404, codes: ['not_found'], when: hasParams },
  { status: 413, codes: ['payload_too_large'], when: takesBody },
  { status: 414, codes: ['bad_request'], when: hasParams },
  { status: 415, codes: ['unsupported_media_type'], when: takesBody },
  { status: 429, codes: ['rate_limited'], when: () => true },
  { status: 503, codes: ['database_unavailable'], when: () => true },
];

/** An app route's answers: those its schema documents, the refusals any such route can give and its own codes (routing/operations.ts). */
function answersOf(route: DocumentedRoute, guarded: boolean, own: Record<number, unknown>, refusals: AppRefusals) {
  const codes = new Map<number, Set<string>>();
  const add = (status: number, list: readonly string[]) =>
    list.forEach((code) => codes.set(status, (codes.get(status) ?? new Set()).add(code)));
  ANY_ROUTE.filter((rule) => rule.when(route, guarded)).forEach((rule) => add(rule.status, rule.codes));
  Object.entries(refusals).forEach(([status, list]) => add(Number(status), list ?? []));
  const answers = { ...own } as Record<number, { description: string; content?: object }>;
  for (const [status, list] of [...codes].sort(([a], [b]) => a - b)) {
    const json = refusal(MEANS[status]!, [...list]);
    const own = answers[status];
    // A page's refusal (a billing or share page) may also be refused as JSON before its handler runs.
    answers[status] = own?.content
      ? { description: `${own.description} ${json.description}`, content: { ...own.content, ...json.content } }
      : (own ?? json);
  }
  return answers;
}

/** @fastify/swagger's transform: a route's schemas in JSON Schema, its security, and the upload wildcard as a named parameter. */
export const documentRoute: NonNullable<FastifyDynamicSwaggerOptions['transform']> = ({ schema, url, route }) => {
  const refusals = refusalsOf(schema);
  const { refusals: _refusals, ...documentation } = (schema ?? {}) as Record<string, unknown>;
  const converted: Record<string, unknown> = Object.fromEntries(
    Object.entries(documentation).map(([key, value]) => [key, valibotToOpenApi(key, value)]),
  );
  // @fastify/swagger suffixes a HEAD route's operationId with `-head`, to tell it from its GET; tus's HEAD has no GET.
  if (typeof converted.operationId === 'string') converted.operationId = converted.operationId.replace(/-head$/, '');
  const security = securityOf(route);
  // The public API's routes, and the app's that document their answers whole (the tus uploads'), declare their refusals
  // in full; the app's that are `documented` get those any app route can give here, beside their own.
  if (!url.startsWith('/api/v1/')) {
    const own = (converted.response ?? {}) as Record<number, unknown>;
    converted.response = refusals
      ? answersOf(route, security.length > 0, own, refusals)
      : { ...answersOf(route, security.length > 0, {}, {}), ...own };
  }
  if (!url.endsWith('/*')) return { schema: { ...converted, security }, url };
  // The wildcard of a tus upload's address is the upload's id; only the document names it.
  const params = {
    type: 'object',
    properties: { id: { type: 'string', description: 'The upload’s id: the last part of the `Location` its creation answered with.' } },
    required: ['id'],
  };
  return { schema: { ...converted, params, security }, url: `${url.slice(0, -2)}/:id` };
};
