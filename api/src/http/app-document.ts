// The app's OpenAPI document (/api/docs, /api/docs/json): every route of the API, the web app's and the public one's.
// Route schemas are valibot schemas, converted here; each operation's security follows the guard its route runs.
import type { FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import type { RouteOptions } from 'fastify';
import { needsSession } from '../domains/auth/guard';
import { needsApiKey } from '../domains/public-api/auth';
import { UPLOADS_PATH } from '../domains/uploads/tus-server';
import { valibotToOpenApi } from './validation';
import { APP_TAGS, appOperation } from './app-operations';
import { TAGS as PUBLIC_TAGS } from '../domains/public-api/operations';
import { ApiError } from '../domains/public-api/responses';

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

/** Who may call a route: a session, a team's key, either (the tus uploads), or anyone. */
function securityOf(route: Pick<RouteOptions, 'preHandler' | 'url'>): Record<string, string[]>[] {
  const handlers = [route.preHandler].flat();
  if (handlers.some(needsSession)) return [{ bearer: [] }];
  if (handlers.some(needsApiKey)) return [{ apiKey: [] }];
  if (route.url.startsWith(UPLOADS_PATH)) return [{ bearer: [] }, { apiKey: [] }];
  return [];
}

/** A refusal's answer in the document: the API's error object, described. */
export const refusal = (description: string) => ({ ...(valibotToOpenApi('body', ApiError) as object), description });

/**
 * The answers of an app route that documents none itself: a success, and the refusals any such route can give. The
 * codes particular to a route (such as `email_taken`) are not listed per route yet.
 */
function answersOf(route: Pick<RouteOptions, 'url' | 'schema'>, security: unknown[]) {
  const takesInput = ['body', 'querystring', 'params'].some((part) => (route.schema as Record<string, unknown> | undefined)?.[part]);
  return {
    '2XX': { description: 'Done.' },
    ...(takesInput ? { 400: refusal('The request is not valid: `validation_failed`, with `fields`, or a code of its own.') } : {}),
    ...(security.length ? { 401: refusal('No valid session: `unauthorized`.') } : {}),
    ...(route.url.includes(':') ? { 404: refusal('Not found, or not the caller’s: `not_found`.') } : {}),
    429: refusal('Too many requests: `rate_limited`, with `Retry-After`.'),
  };
}

/** @fastify/swagger's transform: a route's schemas in JSON Schema, its security, and the upload wildcard as a named parameter. */
export const documentRoute: NonNullable<FastifyDynamicSwaggerOptions['transform']> = ({ schema, url, route }) => {
  const converted: Record<string, unknown> = Object.fromEntries(
    Object.entries((schema ?? {}) as Record<string, unknown>).map(([key, value]) => [key, valibotToOpenApi(key, value)]),
  );
  // @fastify/swagger suffixes a HEAD route's operationId with `-head`, to tell it from its GET; tus's HEAD has no GET.
  if (typeof converted.operationId === 'string') converted.operationId = converted.operationId.replace(/-head$/, '');
  if (typeof route.method === 'string' && !converted.operationId) {
    Object.assign(converted, appOperation(route.method, url.replace(/:(\w+)/g, '{$1}')));
  }
  const security = securityOf(route);
  converted.response ??= answersOf(route, security);
  if (!url.endsWith('/*')) return { schema: { ...converted, security }, url };
  // The wildcard of a tus upload's address is the upload's id; only the document names it.
  const params = {
    type: 'object',
    properties: { id: { type: 'string', description: 'The upload’s id: the last part of the `Location` its creation answered with.' } },
    required: ['id'],
  };
  return { schema: { ...converted, params, security }, url: `${url.slice(0, -2)}/:id` };
};
