// Limits per account, beside the per-client ones of @fastify/rate-limit: someone trying passwords or
// codes for one account from many addresses is stopped by the account's own count. Counted in the
// database (the rate_limits table), so every API replica shares them.
import type { FastifyReply } from 'fastify';
import type { Database } from '../db/connect';
import { AppError } from '../lib/errors';
import { sha256 } from '../lib/secrets';
import { errorMessage } from './messages';
import { countInWindow } from './rate-limit-store';

const MINUTE = 60_000;

/** Route config for sign-in, sign-up, code and invitation endpoints: AUTH_RATE_LIMIT_MAX a minute per client. */
export const perClientAuthLimit = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

/** Attempts an account may make per window. */
export const ACCOUNT_LIMITS = {
  /** Sign-in attempts per e-mail address. */
  login: { max: 10, windowMs: 15 * MINUTE },
  /** Password reset mails per address. */
  passwordReset: { max: 5, windowMs: 60 * MINUTE },
  /** Invitation codes tried per user. */
  joinCode: { max: 10, windowMs: 60 * MINUTE },
  /** E-mail change requests and code checks per user. */
  emailChange: { max: 10, windowMs: 60 * MINUTE },
} as const;
export type AccountLimit = keyof typeof ACCOUNT_LIMITS;

/** Counts one attempt of `subject` (an address or user id); past the limit, 429 with Retry-After. */
export async function countAttempt(db: Database, reply: FastifyReply, kind: AccountLimit, subject: string) {
  const { max, windowMs } = ACCOUNT_LIMITS[kind];
  const { current, ttl } = await countInWindow(db, `account:${kind}:${sha256(subject.toLowerCase())}`, windowMs);
  if (current <= max) return;
  const seconds = Math.max(1, Math.ceil(ttl / 1000));
  const minutes = Math.ceil(seconds / 60);
  reply.header('Retry-After', String(seconds));
  throw new AppError(429, 'too_many_attempts', errorMessage('too_many_attempts', { minutes }), { retry_after_seconds: seconds });
}
