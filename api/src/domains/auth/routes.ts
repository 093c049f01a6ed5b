import { countAttempt, perClientAuthLimit } from '../../http/account-limits';
import * as v from 'valibot';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import {
  currentPasswordField,
  emailField,
  invitationCodeField,
  passwordField,
  uiLanguageField,
  verificationCodeField,
} from '@kagami/shared/validation';
import type { AppContext } from '../../context';
import { passwordResets, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { hashPassword, randomToken, sha256, verifyPassword } from '../../lib/secrets';

import { mailTemplates } from '../../mail/templates';
import { assertEmailAvailable, findUserByEmail } from '../users/accounts';
import { joinTeam } from '../teams/invitations';
import { changePassword } from '../users/account-changes';
import { checkCode, consumeCode, sendCode } from './codes';
import { verifyGoogle, type GoogleIdentity } from './google';
import { currentUser, requireUser } from './guard';
import { bearer, issueSession, revokeSession, revokeUserSessions } from './sessions';

export const RESET_TTL_MINUTES = 60;
/** Compared against when the e-mail is unknown, so a login takes as long whether or not the account exists. */
const DUMMY_HASH = hashPassword('kagami-timing-equaliser');

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const { db, config } = ctx;
  const auth = { preHandler: requireUser(ctx) };
  const session = (userId: string) => issueSession(db, userId, config.sessionTtlDays);
  const tight = perClientAuthLimit(config.authRateLimitMax);

  app.post('/api/check-email', { schema: { body: v.object({ email: emailField }) } }, async (request) => {
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
      await countAttempt(db, reply, 'login', email);
      const user = await findUserByEmail(db, email);
      const valid = await verifyPassword(user?.passwordHash ?? (await DUMMY_HASH), password);
      if (!user || user.deletedAt || !user.passwordHash || !valid) {
        throw fail(401, 'invalid_credentials');
      }
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

  async function findOrCreateGoogleUser(identity: GoogleIdentity): Promise<string> {
    if (!identity.emailVerified) throw fail(403, 'google_email_unverified');
    const [bySub] = await db.select().from(users).where(eq(users.googleSub, identity.sub));
    const existing = bySub ?? (await findUserByEmail(db, identity.email));
    if (existing?.deletedAt) throw fail(409, 'email_unavailable');
    if (existing) {
      if (!existing.googleSub) await db.update(users).set({ googleSub: identity.sub }).where(eq(users.id, existing.id));
      return existing.id;
    }
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
      if (user && !user.deletedAt) {
        const token = randomToken();
        await db.insert(passwordResets).values({
          userId: user.id,
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + RESET_TTL_MINUTES * 60_000),
        });
        const href = `${config.publicAppUrl}/reset-password?token=${token}`;
        const lang = language ?? (user.language === 'ja' ? 'ja' : 'en');
        await ctx.mailer.send(mailTemplates.passwordReset(user.email, lang, href, RESET_TTL_MINUTES));
      }
      return reply.status(202).send({ accepted: true });
    },
  );

  app.post(
    '/api/auth/reset-password',
    { schema: { body: v.object({ token: v.pipe(v.string(), v.nonEmpty(), v.maxLength(128)), password: passwordField }) }, ...tight },
    async (request) => {
      const { token, password } = request.body as { token: string; password: string };
      const [reset] = await db
        .select()
        .from(passwordResets)
        .where(and(eq(passwordResets.tokenHash, sha256(token)), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())));
      if (!reset) throw fail(401, 'reset_link_invalid');
      await db.transaction(async (tx) => {
        await tx.update(passwordResets).set({ usedAt: new Date() }).where(eq(passwordResets.id, reset.id));
        await tx
          .update(users)
          .set({ passwordHash: await hashPassword(password) })
          .where(eq(users.id, reset.userId));
      });
      await revokeUserSessions(db, reset.userId);
      return { reset: true };
    },
  );
}
