import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';
import { FieldErrors } from './validation';
import { errorMessage } from './messages';

/** SQLSTATE class 22 (data exception): the database refused a value the client sent (a null byte, a bad number). */
const isDataException = (error: unknown): boolean => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (typeof e.code === 'string' && /^22[0-9A-Z]{3}$/.test(e.code)) return true;
  }
  return false;
};

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
