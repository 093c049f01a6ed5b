import { countAttempt, perClientAuthLimit } from '../../routing/account-limits';
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
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
import { currentUser, requireUser } from './guard';
import { bearer, issueSession, revokeSession } from './sessions';
import { mailResetLink, resetPassword } from './password-resets';
import { assertSignInAllowed, recordSignInFailure, recordSignInSuccess, unlockAccount } from './sign-in-limits';

/** Compared against when the e-mail is unknown, so a login takes as long whether or not the account exists. */
const DUMMY_HASH = hashPassword('kagami-timing-equaliser');

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, config } = ctx;
  const auth = { preHandler: requireUser(ctx) };
  const session = (userId: string) => issueSession(db, userId, config.sessionTtlDays);
  const tight = perClientAuthLimit(config.authRateLimitMax);

  // Limited as sign-in is: its answer tells a taken address from a free one, as the sign-up step must.
  app.post('/api/check-email', { schema: { body: v.object({ email: emailField }) }, ...tight }, async (request) => {
    const { email } = request.body as { email: string };
    await assertEmailAvailable(db, email);
    return { available: true };
  });

  const codeRequest = { schema: { body: v.object({ email: emailField, language: v.optional(uiLanguageField, 'en') }) }, ...tight };
  const sendSignupCode = async (request: { body: unknown }, reply: { status: (n: number) => unknown }) => {
    const { email, language } = request.body as { email: string; language: 'en' | 'ja' };
    await assertEmailAvailable(db, email);
    const result = await sendCode(ctx, email, 'signup', language);
    reply.status(202);
    return result;
  };
  app.post('/api/auth/send-verification-code', codeRequest, sendSignupCode);
  app.post('/api/auth/resend-code', codeRequest, sendSignupCode);

  app.post(
    '/api/auth/verify-code',
    { schema: { body: v.object({ email: emailField, code: verificationCodeField }) }, ...tight },
    async (request) => {
      const { email, code } = request.body as { email: string; code: string };
      await checkCode(ctx, email, 'signup', code);
      return { verified: true };
    },
  );

  app.post(
    '/api/auth/signup',
    {
      schema: {
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
      const body = request.body as { email: string; password: string; code: string; invitation_code?: string; language: 'en' | 'ja' };
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
    { schema: { body: v.object({ email: emailField, password: currentPasswordField }) }, ...tight },
    async (request, reply) => {
      const { email, password } = request.body as { email: string; password: string };
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
  const googleSignIn = async (request: { body: unknown }) => {
    const identity = await verifyGoogle(config.google, request.body as v.InferOutput<typeof googleBody>);
    return bearer(await session(await findOrCreateGoogleUser(identity)));
  };
  app.post('/api/google/login', { schema: { body: googleBody }, ...tight }, googleSignIn);
  app.post('/api/google/signup', { schema: { body: googleBody }, ...tight }, googleSignIn);

  app.post(
    '/api/google/link',
    {
      schema: { body: v.object({ link_token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(512)), code: verificationCodeField }) },
      ...tight,
    },
    async (request) => {
      const { link_token, code } = request.body as { link_token: string; code: string };
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

  app.get('/api/refresh', { ...auth, config: { writes: true } }, async (request) => {
    const { user, sessionId } = currentUser(request);
    await revokeSession(db, sessionId);
    return bearer(await session(user.id));
  });

  app.post('/api/logout', auth, async (request, reply) => {
    await revokeSession(db, currentUser(request).sessionId);
    return reply.status(204).send();
  });

  app.post(
    '/api/auth/change-password',
    { ...auth, schema: { body: v.object({ current_password: currentPasswordField, new_password: passwordField }) }, ...tight },
    async (request) => {
      const { current_password, new_password } = request.body as { current_password: string; new_password: string };
      const { user, sessionId } = currentUser(request);
      await changePassword(ctx, user, sessionId, current_password, new_password);
      return { changed: true };
    },
  );

  app.post(
    '/api/auth/forgot-password',
    { schema: { body: v.object({ email: emailField, language: v.optional(uiLanguageField) }) }, ...tight },
    async (request, reply) => {
      const { email, language } = request.body as { email: string; language?: 'en' | 'ja' };
      await countAttempt(db, reply, 'passwordReset', email);
      const user = await findUserByEmail(db, email);
      if (user && !user.deletedAt) await mailResetLink(ctx, user, language);
      return reply.status(202).send({ accepted: true });
    },
  );

  app.post(
    '/api/auth/reset-password',
    { schema: { body: v.object({ token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(128)), password: passwordField }) }, ...tight },
    async (request) => {
      const { token, password } = request.body as { token: string; password: string };
      const account = await resetPassword(ctx, token, password);
      await unlockAccount(db, account.email);
      return { reset: true };
    },
  );
}
