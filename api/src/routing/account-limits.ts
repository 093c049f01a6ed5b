// Limits per account, beside the per-client ones of @fastify/rate-limit: someone asking for reset mails or
// trying codes for one account from many addresses is stopped by the account's own count; and a client
// address sending wrong API keys is stopped before it can try many. (Passwords have limits of their own:
// domains/auth/sign-in-limits.ts.) Counted in the database (the rate_limits table), so every API replica
// shares them.
import type { FastifyReply } from 'fastify';
import type { Database } from '../db/connect';
import { AppError } from '../lib/errors';
import { sha256 } from '../lib/secrets';
import { errorMessage } from '../lib/messages';
import { countInWindow, readWindow } from './rate-limit-store';

const MINUTE = 60_000;

/** Route config for sign-in, sign-up, code and invitation endpoints: AUTH_RATE_LIMIT_MAX a minute per client. */
export const perClientAuthLimit = (max: number) => ({ config: { rateLimit: { max, timeWindow: '1 minute' } } });

/** Attempts an account (or, for wrong API keys, a client address) may make per window, and the refusal's code. */
export const ACCOUNT_LIMITS = {
  /** Password reset mails per address. */
  passwordReset: { max: 5, windowMs: 60 * MINUTE, code: 'too_many_attempts' },
  /** Invitation codes tried per user. */
  joinCode: { max: 10, windowMs: 60 * MINUTE, code: 'too_many_attempts' },
  /** E-mail change requests and code checks per user. */
  emailChange: { max: 10, windowMs: 60 * MINUTE, code: 'too_many_attempts' },
  /** Wrong API keys per client address (a right key is limited per key: API_KEY_RATE_LIMIT_MAX a minute). */
  wrongApiKey: { max: 60, windowMs: 15 * MINUTE, code: 'too_many_wrong_keys' },
} as const;
export type AccountLimit = keyof typeof ACCOUNT_LIMITS;

const counterOf = (kind: AccountLimit, subject: string) => `account:${kind}:${sha256(subject.toLowerCase())}`;

/** A refusal to try again for `ttl` ms: 429 with Retry-After, its message given the wait in seconds and minutes. */
export function tooManyFor(reply: FastifyReply, code: string, ttl: number): never {
  const seconds = Math.max(1, Math.ceil(ttl / 1000));
  reply.header('Retry-After', String(seconds));
  throw new AppError(429, code, errorMessage(code, { seconds, minutes: Math.ceil(seconds / 60) }), { retry_after_seconds: seconds });
}

const tooMany = (reply: FastifyReply, kind: AccountLimit, ttl: number) => tooManyFor(reply, ACCOUNT_LIMITS[kind].code, ttl);

/** Counts one attempt of `subject` (an address or user id); past the limit, 429 with Retry-After. */
export async function countAttempt(db: Database, reply: FastifyReply, kind: AccountLimit, subject: string) {
  const { current, ttl } = await countInWindow(db, counterOf(kind, subject), ACCOUNT_LIMITS[kind].windowMs);
  if (current > ACCOUNT_LIMITS[kind].max) tooMany(reply, kind, ttl);
}

/** For limits on failures: refused (429) once `subject` has failed the limit's number of times, right answers too. */
export async function refuseAfterFailures(db: Database, reply: FastifyReply, kind: AccountLimit, subject: string) {
  const { current, ttl } = await readWindow(db, counterOf(kind, subject), ACCOUNT_LIMITS[kind].windowMs);
  if (current >= ACCOUNT_LIMITS[kind].max) tooMany(reply, kind, ttl);
}

/** Counts one failure of `subject` towards `kind`'s limit. */
export async function countFailure(db: Database, kind: AccountLimit, subject: string) {
  await countInWindow(db, counterOf(kind, subject), ACCOUNT_LIMITS[kind].windowMs);
}
