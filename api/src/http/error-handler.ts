// How every failure is answered, as `{code, message, ...fields}`: the API's own refusals, validation errors, values
// the database refused (400), an unreachable database (503, Retry-After), and 500 only for a real fault; and the 404.
import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import { FieldErrors } from '../routing/validation';
import { errorMessage } from '../lib/messages';

/** Whether `error` or one of its causes (drizzle wraps the driver's error) matches. */
const anyCause = (error: unknown, matches: (e: { code?: unknown; message?: unknown }) => boolean): boolean => {
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (matches(e)) return true;
  }
  return false;
};

/** SQLSTATE class 22 (data exception): the database refused a value the client sent (a null byte, a bad number). */
const isDataException = (error: unknown) => anyCause(error, (e) => typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code));

/**
 * The database cannot be reached for now (a restart, a failover, a cut connection): SQLSTATE class 08,
 * 57P01-57P03 (shutting down, starting up), a refused connection, or the driver's lost connection.
 */
const isDatabaseUnavailable = (error: unknown) =>
  anyCause(
    error,
    (e) =>
      (typeof e.code === 'string' && (/^08[0-9A-Z]{3}$/.test(e.code) || /^57P0[123]$/.test(e.code) || e.code === 'ECONNREFUSED')) ||
      (typeof e.message === 'string' && e.message.startsWith('Connection terminated')),
  );

/** Seconds a client is asked to wait when the database is away. */
const DATABASE_RETRY_SECONDS = 5;

/** Every failure leaves as `{code, message, ...fields}`; nothing but a real fault is a 500. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError & { validation?: unknown }, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ code: error.code, message: error.message, ...error.fields });
    }
    const fieldErrors =
      error instanceof FieldErrors ? error : (error.validation as unknown) instanceof FieldErrors ? error.validation : null;
    if (fieldErrors instanceof FieldErrors || error.code === 'FST_ERR_VALIDATION') {
      const fields = fieldErrors instanceof FieldErrors ? fieldErrors.fields : {};
      return reply.status(400).send({ code: 'validation_failed', message: errorMessage('validation_failed'), fields });
    }
    if (isDataException(error)) {
      request.log.warn({ err: error }, 'the database refused a value');
      return reply.status(400).send({ code: 'invalid_input', message: errorMessage('invalid_input') });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database cannot be reached');
      reply.header('Retry-After', String(DATABASE_RETRY_SECONDS));
      return reply.status(503).send({ code: 'database_unavailable', message: errorMessage('database_unavailable') });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send({ code: 'rate_limited', message: errorMessage('rate_limited') });
    }
    if (status >= 400 && status < 500) {
      const code = status === 413 ? 'payload_too_large' : status === 415 ? 'unsupported_media_type' : 'bad_request';
      return reply.status(status).send({ code, message: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'unknown', message: errorMessage('unknown') });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.status(404).send({ code: 'not_found', message: `No route ${request.method} ${request.url.split('?')[0]}` }),
  );
}
