// The typed client of the Kagami public API: openapi-fetch over the types generated from the API's
// OpenAPI document (src/generated/api.ts), so a call that does not match the API does not compile.
import createClient from 'openapi-fetch';
import type { components, paths } from './generated/api';

export type { paths, components };
type Json<P extends keyof paths, M extends 'get' | 'post'> = paths[P][M] extends { responses: infer R } ? R : never;
export type Video = Json<'/api/v1/videos/{id}', 'get'> extends { 200: { content: { 'application/json': infer T } } } ? T : never;

/** A refusal of the API: its code (see the API reference) and message. */
export class KagamiApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, { message: string }>,
    /** The whole refusal, with what its code carries (`rows` of `batch_rows_invalid`, say). */
    readonly body?: Record<string, unknown>,
  ) {
    super(message);
  }
}

export function kagamiClient({ baseUrl, key, fetch: fetcher }: { baseUrl: string; key: string; fetch?: typeof fetch }) {
  return createClient<paths>({ baseUrl: baseUrl.replace(/\/$/, ''), headers: { 'X-API-Key': key }, fetch: fetcher });
}
export type KagamiClient = ReturnType<typeof kagamiClient>;

/** The answer's data, or a KagamiApiError with the API's code and message. */
export async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.ok) return data as T;
  const body = (error ?? {}) as { code?: string; message?: string; fields?: Record<string, { message: string }> };
  throw new KagamiApiError(
    response.status,
    body.code ?? `http_${response.status}`,
    body.message ?? response.statusText,
    body.fields,
    body as Record<string, unknown>,
  );
}
