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
