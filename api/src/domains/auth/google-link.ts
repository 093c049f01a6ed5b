// Google sign-in meets an account that already has a password and the same address: Google says who the person is,
// but only the account's owner may join the two. A code goes to the account's address; the link and a session
// come once it is typed. Until then the answer is 409 `google_link_required` with a token that names the account
// and the Google identity (signed, valid as long as the code), so nothing waits in the database.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull, ne } from 'drizzle-orm';
import { type AppContext } from '../app-context';
import { users } from '../../db/schema';
import { AppError, fail } from '../../lib/errors';
import { CODE_TTL_MINUTES, checkCode, consumeCode, sendCode } from './codes';
import type { GoogleIdentity } from './google';

const signature = (key: Buffer, body: string) => createHmac('sha256', key).update(`google-link:${body}`).digest('base64url');

function linkToken(key: Buffer, userId: string, sub: string) {
  const expires = Math.floor(Date.now() / 1000) + CODE_TTL_MINUTES * 60;
  const body = `${userId}.${expires}.${Buffer.from(sub).toString('base64url')}`;
  return `${body}.${signature(key, body)}`;
}

function readLinkToken(key: Buffer, token: string): { userId: string; sub: string } | null {
  const parts = token.split('.');
  if (parts.length !== 4) return null;
  const [userId, expires, sub, given] = parts as [string, string, string, string];
  const expected = Buffer.from(signature(key, `${userId}.${expires}.${sub}`));
  if (expected.length !== Buffer.byteLength(given) || !timingSafeEqual(expected, Buffer.from(given))) return null;
  if (Number(expires) < Date.now() / 1000) return null;
  return { userId, sub: Buffer.from(sub, 'base64url').toString() };
}

type Account = { id: string; email: string; language: string };

/** Mails the account's owner a code (unless one went moments ago), then refuses with 409 and the token the code confirms. */
export async function askOwnerToLink(ctx: AppContext, account: Account, identity: GoogleIdentity): Promise<never> {
  try {
    await sendCode(ctx, account.email, 'google_link', account.language === 'ja' ? 'ja' : 'en', account.id);
  } catch (error) {
    // Asked again within the resend wait: the code already sent still confirms.
    if (!(error instanceof AppError && error.code === 'too_many_requests')) throw error;
  }
  throw fail(409, 'google_link_required', { link_token: linkToken(ctx.signingKey, account.id, identity.sub), email: account.email });
}

/** The code the owner typed links the Google identity to the account; returns the account's id. */
export async function confirmLink(ctx: AppContext, token: string, code: string): Promise<string> {
  const link = readLinkToken(ctx.signingKey, token);
  const [account] = link
    ? await ctx.db
        .select()
        .from(users)
        .where(and(eq(users.id, link.userId), isNull(users.deletedAt)))
    : [];
  if (!link || !account) throw fail(401, 'google_link_invalid');
  const verified = await checkCode(ctx, account.email, 'google_link', code, account.id);
  const [taken] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.googleSub, link.sub), ne(users.id, account.id)));
  if (taken) throw fail(409, 'google_account_linked_elsewhere');
  await ctx.db.update(users).set({ googleSub: link.sub }).where(eq(users.id, account.id));
  await consumeCode(ctx, verified.id);
  return account.id;
}
