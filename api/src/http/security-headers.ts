// helmet's security headers, worked out once and set on every answer (including those tus and the event stream write).
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for `options`, worked out once: with no per-request directives (no nonces,
 * no functions) helmet sets the same headers on every answer. @fastify/helmet builds a new helmet
 * middleware for every request instead, which halved the API's rate of authenticated reads.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

/** helmet's headers on every answer: errors, 404s, and the answers tus and the event stream write themselves. */
export function securityHeaders(app: FastifyInstance, options: HelmetOptions) {
  const headers = Object.entries(helmetHeaders(options));
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
}
