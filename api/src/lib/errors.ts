// AppError, the error a client can act on (a stable code, an HTTP status, extra fields), and `fail`, which gives it the
// catalogue's English message for its code.
import { errorMessage } from './messages';

/** An error the client can act on: a stable `code`, an HTTP status and optional extra fields. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const errors = {
  unauthorized: () => new AppError(401, 'unauthorized', 'Sign in to continue.'),
  forbidden: () => new AppError(403, 'forbidden', 'You do not have permission to do this.'),
  notFound: (what = 'Resource') => new AppError(404, 'not_found', `${what} not found.`),
};

/** An AppError whose message is the catalogue's English text for its code. */
export const fail = (status: number, code: string, fields: Record<string, unknown> = {}, params: Record<string, unknown> = {}) =>
  new AppError(status, code, errorMessage(code, params), fields);

/**
 * A refusal of a part of the body (its 400, 404 or 409) said at the field: a 422 whose `fields` name `path` with the
 * code's message, translated by its key. Anything else is left as it is.
 */
export function refusedAt(path: string, error: unknown) {
  if (!(error instanceof AppError) || ![400, 404, 409].includes(error.status)) return error;
  return new AppError(422, error.code, error.message, { ...error.fields, fields: { [path]: fieldError(error.code) } });
}

/** A refusal as `fields` carry it: its code's message, translated by its key. */
export const fieldError = (code: string) => ({ key: `errors.${code}`, params: {}, message: errorMessage(code) });

/** What `work` refuses, said at the field `path` (refusedAt). */
export async function atField<T>(path: string, work: () => Promise<T> | T): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw refusedAt(path, error);
  }
}
