// The app's answers and refusals of sign-in, for the OpenAPI document (/api/docs).
import * as v from 'valibot';

export const Session = v.pipe(v.object({ access_token: v.string(), token_type: v.literal('Bearer') }), v.title('Session'));

export const CodeSent = v.pipe(
  v.object({ resend_after_seconds: v.pipe(v.number(), v.description('How long before another code may be asked for.')) }),
  v.title('CodeSent'),
);

export const emailInUse = ['email_taken', 'email_unavailable'];

export const codeChecked = { 400: ['code_invalid'], 410: ['code_expired'], 429: ['code_attempts_exceeded'] };

export const google = {
  401: ['google_token_invalid'],
  403: ['google_email_unverified'],
  404: ['google_not_configured'],
  // `google_link_required` comes with `link_token` and `email`: a code went there, and POST /api/google/link takes both.
  409: ['email_unavailable', 'google_link_required'],
  429: ['too_many_requests'],
};
