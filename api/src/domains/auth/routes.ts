// Signing in and up: checking an address, sign-up codes, password and Google log-in (linking Google to a password
// account), renewing and ending a session, changing or resetting the password.
import { countAttempt, perClientAuthLimit } from '../../routing/account-limits';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import {
  currentPasswordField,
  emailField,
  invitationCodeField,
  passwordField,
  uiLanguageField,
  verificationCodeField,
} from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { hashPassword, verifyPassword } from '../../lib/secrets';
import { assertEmailAvailable, findUserByEmail } from '../users/accounts';
import { joinTeam } from '../teams/invitations';
import { changePassword } from '../users/account-changes';
import { checkCode, consumeCode, sendCode } from './codes';
import { verifyGoogle, type GoogleIdentity } from './google';
import { askOwnerToLink, confirmLink } from './google-link';
import { currentUser, signedIn } from './guard';
import { bearer, issueSession, revokeSession } from './sessions';
import { mailResetLink, resetPassword } from './password-resets';
import { assertSignInAllowed, recordSignInFailure, recordSignInSuccess, unlockAccount } from './sign-in-limits';
import { documented, json, none, done } from '../../routing/operations';
import { Session, CodeSent, emailInUse, codeChecked, google } from './answers';
import type { App } from '../../routing/typed';

/** Compared against when the e-mail is unknown, so a login takes as long whether or not the account exists. */
const DUMMY_HASH = hashPassword('kagami-timing-equaliser');

export function authRoutes(app: App, ctx: AppContext) {
  const { db, config } = ctx;
  const session = (userId: string) => issueSession(db, userId, config.sessionTtlDays);
  const tight = perClientAuthLimit(config.authRateLimitMax);

  // Limited as sign-in is: its answer tells a taken address from a free one, as the sign-up step must.
  app.post(
    '/api/check-email',
    {
      schema: {
        ...documented({
          id: 'checkEmail',
          tag: 'Sign-in',
          summary: 'Check an e-mail address',
          description: 'Whether the address can be used to sign up.',
          answers: { 200: json('The address can sign up.', done('available')) },
          refusals: { 409: emailInUse },
        }),
        body: v.object({ email: emailField }),
      },
      ...tight,
    },
    async (request) => {
      const { email } = request.body;
      await assertEmailAvailable(db, email);
      return { available: true };
    },
  );

  const codeBody = v.object({ email: emailField, language: v.optional(uiLanguageField, 'en') });
  const sendSignupCode = async (request: { body: v.InferOutput<typeof codeBody> }, reply: { status: (n: number) => unknown }) => {
    const { email, language } = request.body;
    await assertEmailAvailable(db, email);
    const result = await sendCode(ctx, email, 'signup', language);
    reply.status(202);
    return result;
  };
  app.post(
    '/api/auth/send-verification-code',
    {
      schema: {
        body: codeBody,
        ...documented({
          id: 'sendVerificationCode',
          tag: 'Sign-in',
          summary: 'Send a sign-up code',
          description: 'E-mails a six-digit code to an address that is not registered yet.',
          answers: { 202: json('The code was sent.', CodeSent) },
          refusals: { 409: emailInUse, 429: ['too_many_requests'] },
        }),
      },
      ...tight,
    },
    sendSignupCode,
  );
  app.post(
    '/api/auth/resend-code',
    {
      schema: {
        body: codeBody,
        ...documented({
          id: 'resendVerificationCode',
          tag: 'Sign-in',
          summary: 'Send the code again',
          description: 'E-mails a new code for the same sign-up; the last one stops working.',
          answers: { 202: json('A new code was sent.', CodeSent) },
          refusals: { 409: emailInUse, 429: ['too_many_requests'] },
        }),
      },
      ...tight,
    },
    sendSignupCode,
  );

  app.post(
    '/api/auth/verify-code',
    {
      schema: {
        ...documented({
          id: 'verifyCode',
          tag: 'Sign-in',
          summary: 'Check a sign-up code',
          description: 'Whether the code e-mailed to the address is right and still valid.',
          answers: { 200: json('The code is right.', done('verified')) },
          refusals: codeChecked,
        }),
        body: v.object({ email: emailField, code: verificationCodeField }),
      },
      ...tight,
    },
    async (request) => {
      const { email, code } = request.body;
      await checkCode(ctx, email, 'signup', code);
      return { verified: true };
    },
  );

  app.post(
    '/api/auth/signup',
    {
      schema: {
        ...documented({
          id: 'signUp',
          tag: 'Sign-in',
          summary: 'Sign up',
          description: 'Creates the account from the e-mailed code and a password, and answers with a session.',
          answers: {
            201: json(
              'The account exists; `token` is its session, and `joined_team` the team an invitation code joined (null when none did).',
              v.object({ token: v.string(), joined_team: v.nullable(v.object({ id: v.string(), name: v.string() })) }),
            ),
          },
          refusals: { ...codeChecked, 409: emailInUse },
        }),
        body: v.object({
          email: emailField,
          password: passwordField,
          code: verificationCodeField,
          invitation_code: v.optional(invitationCodeField),
          language: v.optional(uiLanguageField, 'en'),
        }),
      },
      ...tight,
    },
    async (request, reply) => {
      const body = request.body;
      await assertEmailAvailable(db, body.email);
      const verified = await checkCode(ctx, body.email, 'signup', body.code);
      const [user] = await db
        .insert(users)
        .values({ email: body.email, passwordHash: await hashPassword(body.password), language: body.language })
        .returning();
      await consumeCode(ctx, verified.id);
      // The invitation is a convenience here: when it cannot be redeemed, the team step shows why.
      const joined = body.invitation_code ? await joinTeam(ctx, user!, body.invitation_code).catch(() => null) : null;
      reply.status(201);
      return { token: await session(user!.id), joined_team: joined ? { id: joined.id, name: joined.name } : null };
    },
  );

  app.post(
    '/api/login',
    {
      schema: {
        ...documented({
          id: 'logIn',
          tag: 'Sign-in',
          summary: 'Log in',
          description: 'Signs in with e-mail and password and answers with a session token.',
          answers: { 200: json('Signed in.', Session) },
          refusals: { 401: ['invalid_credentials'], 429: ['sign_in_slow_down', 'too_many_attempts', 'account_locked'] },
        }),
        body: v.object({ email: emailField, password: currentPasswordField }),
      },
      ...tight,
    },
    async (request, reply) => {
      const { email, password } = request.body;
      const found = await findUserByEmail(db, email);
      const user = found && !found.deletedAt && found.passwordHash ? found : null;
      const attempt = { email, client: request.ip, userId: user?.id ?? null };
      await assertSignInAllowed(db, reply, attempt);
      const valid = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), password);
      if (!user || !valid) {
        await recordSignInFailure(ctx, attempt, user);
        throw fail(401, 'invalid_credentials');
      }
      await recordSignInSuccess(db, { ...attempt, userId: user.id });
      return bearer(await session(user.id));
    },
  );

  const googleBody = v.object({
    credential: v.optional(v.pipe(v.string(), v.maxLength(8192))),
    code: v.optional(v.pipe(v.string(), v.maxLength(2048))),
    access_token: v.optional(v.pipe(v.string(), v.maxLength(4096))),
  });
  const googleSignIn = async (request: { body: v.InferOutput<typeof googleBody> }) => {
    const identity = await verifyGoogle(config.google, request.body);
    return bearer(await session(await findOrCreateGoogleUser(identity)));
  };
  app.post(
    '/api/google/login',
    {
      schema: {
        ...documented({
          id: 'logInWithGoogle',
          tag: 'Sign-in',
          summary: 'Log in with Google',
          description:
            "Signs in with a Google ID token, an authorization code, or an access token issued to this product's client id. When the address has a password account not yet linked to this Google identity, a code goes to the address and the answer is 409 `google_link_required` with `link_token`.",
          answers: { 200: json('Signed in.', Session) },
          refusals: google,
        }),
        body: googleBody,
      },
      ...tight,
    },
    googleSignIn,
  );
  app.post(
    '/api/google/signup',
    {
      schema: {
        ...documented({
          id: 'signUpWithGoogle',
          tag: 'Sign-in',
          summary: 'Sign up with Google',
          description:
            'Creates the account from a Google ID token with a verified e-mail (or signs in, as logInWithGoogle does, when it exists).',
          answers: { 200: json('Signed up (or in, when the address already has an account).', Session) },
          refusals: google,
        }),
        body: googleBody,
      },
      ...tight,
    },
    googleSignIn,
  );

  app.post(
    '/api/google/link',
    {
      schema: {
        ...documented({
          id: 'linkGoogle',
          tag: 'Sign-in',
          summary: 'Link Google to a password account',
          description:
            'Takes the `link_token` of a 409 `google_link_required` and the code mailed to the account: the Google identity is linked and a session answers.',
          answers: { 200: json('The Google identity is linked to the account; signed in.', Session) },
          refusals: { ...codeChecked, 401: ['google_link_invalid'], 409: ['google_account_linked_elsewhere'] },
        }),
        body: v.object({ link_token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(512)), code: verificationCodeField }),
      },
      ...tight,
    },
    async (request) => {
      const { link_token, code } = request.body;
      return bearer(await session(await confirmLink(ctx, link_token, code)));
    },
  );

  /** The account of a Google identity: the one it signed in as before, a new one, or (once its owner confirms) the password account of its address. */
  async function findOrCreateGoogleUser(identity: GoogleIdentity): Promise<string> {
    if (!identity.emailVerified) throw fail(403, 'google_email_unverified');
    const [bySub] = await db.select().from(users).where(eq(users.googleSub, identity.sub));
    const existing = bySub ?? (await findUserByEmail(db, identity.email));
    if (existing?.deletedAt) throw fail(409, 'email_unavailable');
    if (existing && existing.googleSub !== identity.sub) return askOwnerToLink(ctx, existing, identity);
    if (existing) return existing.id;
    const [created] = await db
      .insert(users)
      .values({ email: identity.email, provider: 'google', googleSub: identity.sub, name: identity.name ?? null })
      .returning();
    return created!.id;
  }

  // A session's own calls: refresh it, sign out, change the password.
  signedIn((app) => {
    app.get(
      '/api/refresh',
      {
        config: { writes: true },
        schema: documented({
          id: 'refreshSession',
          tag: 'Sign-in',
          summary: 'Renew the session',
          description: 'Ends the session of the token sent and answers with a new one.',
          answers: { 200: json('A new session; the old one is ended.', Session) },
        }),
      },
      async (request) => {
        const { user, sessionId } = currentUser(request);
        await revokeSession(db, sessionId);
        return bearer(await session(user.id));
      },
    );

    app.post(
      '/api/logout',
      {
        schema: documented({
          id: 'logOut',
          tag: 'Sign-in',
          summary: 'Log out',
          description: 'Ends the session of the token sent.',
          answers: { 204: none('Signed out.') },
        }),
      },
      async (request, reply) => {
        await revokeSession(db, currentUser(request).sessionId);
        return reply.status(204).send();
      },
    );

    app.post(
      '/api/auth/change-password',
      {
        schema: {
          ...documented({
            id: 'changePassword',
            tag: 'Account',
            summary: 'Change the password',
            description: 'Takes the current password and a new one.',
            answers: { 200: json('Changed; the other sessions are ended.', done('changed')) },
            refusals: { 400: ['password_incorrect'], 403: ['email_managed_by_provider'] },
          }),
          body: v.object({ current_password: currentPasswordField, new_password: passwordField }),
        },
        ...tight,
      },
      async (request) => {
        const { current_password, new_password } = request.body;
        const { user, sessionId } = currentUser(request);
        await changePassword(ctx, user, sessionId, current_password, new_password);
        return { changed: true };
      },
    );
  })(app, ctx);

  app.post(
    '/api/auth/forgot-password',
    {
      schema: {
        ...documented({
          id: 'requestPasswordReset',
          tag: 'Sign-in',
          summary: 'Ask for a password reset',
          description: 'E-mails a reset link to the address when it has an account; the answer is the same either way.',
          answers: { 202: json('Accepted (the same whether or not the address has an account).', done('accepted')) },
          refusals: { 429: ['too_many_attempts'] },
        }),
        body: v.object({ email: emailField, language: v.optional(uiLanguageField) }),
      },
      ...tight,
    },
    async (request, reply) => {
      const { email, language } = request.body;
      await countAttempt(db, reply, 'passwordReset', email);
      const user = await findUserByEmail(db, email);
      if (user && !user.deletedAt) await mailResetLink(ctx, user, language);
      return reply.status(202).send({ accepted: true });
    },
  );

  app.post(
    '/api/auth/reset-password',
    {
      schema: {
        ...documented({
          id: 'resetPassword',
          tag: 'Sign-in',
          summary: 'Reset the password',
          description: 'Sets a new password from a reset link’s token.',
          answers: { 200: json('Reset; every session of the account is ended.', done('reset')) },
          refusals: { 401: ['reset_link_invalid'] },
        }),
        body: v.object({ token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(128)), password: passwordField }),
      },
      ...tight,
    },
    async (request) => {
      const { token, password } = request.body;
      const account = await resetPassword(ctx, token, password);
      await unlockAccount(db, account.email);
      return { reset: true };
    },
  );
}
