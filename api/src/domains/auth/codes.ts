// The six-digit codes mailed to prove an address (sign-up, e-mail change, linking Google): sending them with growing
// waits between requests, and checking them with a cap on wrong guesses.
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { UiLanguage } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import { verificationCodes } from '../../db/schema';
import { AppError, fail } from '../../lib/errors';
import { randomDigits, sha256 } from '../../lib/secrets';
import { errorMessage } from '../../lib/messages';
import { mailTemplates } from '../../mail/templates';

export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
/** Waits between code requests grow 60 s, 120 s, 240 s, then stay at the 5-minute cap of SPEC §9. */
export const RESEND_WAITS_SECONDS = [60, 120, 240, 300];

type Purpose = 'signup' | 'change_email' | 'google_link';

const waitAfter = (sentInLastHour: number) => RESEND_WAITS_SECONDS[Math.min(sentInLastHour - 1, RESEND_WAITS_SECONDS.length - 1)] ?? 0;

async function recentCodes(ctx: AppContext, email: string, purpose: Purpose) {
  return ctx.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, purpose),
        gt(verificationCodes.createdAt, new Date(Date.now() - 3_600_000)),
      ),
    )
    .orderBy(desc(verificationCodes.createdAt));
}

/** Sends a fresh code unless the caller must still wait; returns how long until the next one may be asked for. */
export async function sendCode(ctx: AppContext, email: string, purpose: Purpose, language: UiLanguage, userId?: string) {
  const recent = await recentCodes(ctx, email, purpose);
  const last = recent[0];
  if (last) {
    const elapsed = (Date.now() - last.createdAt.getTime()) / 1000;
    const remaining = Math.ceil(waitAfter(recent.length) - elapsed);
    if (remaining > 0) {
      throw new AppError(429, 'too_many_requests', errorMessage('too_many_requests', { seconds: remaining }), {
        retry_after_seconds: remaining,
      });
    }
  }
  const code = randomDigits(6);
  await ctx.db.insert(verificationCodes).values({
    email,
    purpose,
    userId,
    codeHash: sha256(`${email}:${code}`),
    expiresAt: new Date(Date.now() + CODE_TTL_MINUTES * 60_000),
  });
  const mail = purpose === 'google_link' ? mailTemplates.googleLinkCode : mailTemplates.verificationCode;
  await ctx.mailer.send(mail(email, language, code, CODE_TTL_MINUTES));
  return { resend_after_seconds: waitAfter(recent.length + 1) };
}

/** Checks the latest unconsumed code for the address (and account, for an e-mail change); wrong guesses count against it. */
export async function checkCode(ctx: AppContext, email: string, purpose: Purpose, code: string, userId?: string) {
  const [latest] = await ctx.db
    .select()
    .from(verificationCodes)
    .where(
      and(
        eq(verificationCodes.email, email),
        eq(verificationCodes.purpose, purpose),
        isNull(verificationCodes.consumedAt),
        userId ? eq(verificationCodes.userId, userId) : undefined,
      ),
    )
    .orderBy(desc(verificationCodes.createdAt))
    .limit(1);
  if (!latest) throw fail(400, 'code_invalid');
  if (latest.attempts >= CODE_MAX_ATTEMPTS) {
    throw fail(429, 'code_attempts_exceeded');
  }
  if (latest.codeHash !== sha256(`${email}:${code}`)) {
    await ctx.db
      .update(verificationCodes)
      .set({ attempts: latest.attempts + 1 })
      .where(eq(verificationCodes.id, latest.id));
    throw fail(400, 'code_invalid');
  }
  if (latest.expiresAt.getTime() < Date.now()) throw fail(410, 'code_expired');
  await ctx.db.update(verificationCodes).set({ verifiedAt: new Date() }).where(eq(verificationCodes.id, latest.id));
  return latest;
}

export async function consumeCode(ctx: AppContext, id: string) {
  await ctx.db.update(verificationCodes).set({ consumedAt: new Date() }).where(eq(verificationCodes.id, id));
}
