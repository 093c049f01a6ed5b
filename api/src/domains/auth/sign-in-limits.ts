// Wrong passwords, limited so that guessing is slow and nobody can lock an owner out of their own account.
// Per client address and account: the first few wrong passwords cost nothing, then each next try must wait
// twice as long as the last (1 s, 2 s, 4 s...), and past a cap that client is refused for that account until
// its window ends. Per account, across every client: only a count far above what one client may try locks
// the account, and then only for clients it has never signed in from; its owner is mailed a reset link, and
// resetting the password unlocks it. The address a request comes from is `request.ip`, which trusts only the
// proxies TRUST_PROXY names.
import { eq, and, gt, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { type AppContext } from '../app-context';
import type { Database } from '../../db/connect';
import { knownClients } from '../../db/schema';
import { sha256 } from '../../lib/secrets';
import { tooManyFor } from '../../routing/account-limits';
import { clearWindow, countInWindow, readWindow } from '../../routing/rate-limit-store';
import { mailTemplates } from '../../mail/templates';
import { newResetLink } from './password-resets';

const MINUTE = 60_000;

export const SIGN_IN_LIMITS = {
  /** One client's wrong passwords for one account: free up to `slowAfter`, refused from `max`, counted over `windowMs`. */
  perClient: { slowAfter: 5, max: 10, windowMs: 15 * MINUTE },
  /** Wrong passwords for one account from anywhere: from `lockAfter`, clients it never signed in from are refused. */
  perAccount: { lockAfter: 100, windowMs: 60 * MINUTE },
  /** A client stays known to an account this long after its last sign-in. */
  knownForMs: 90 * 24 * 60 * MINUTE,
} as const;

type Attempt = { email: string; client: string; userId: string | null };

const pairKey = ({ email, client }: Attempt) => `sign-in:client:${sha256(`${client}|${email.toLowerCase()}`)}`;
const accountKey = (email: string) => `sign-in:account:${sha256(email.toLowerCase())}`;
const clientHash = (client: string) => sha256(`client:${client}`);

/** The wait before this client's next try: nothing until `slowAfter` failures, then 1 s, doubling with each. */
const slowDownMs = (failures: number) =>
  failures < SIGN_IN_LIMITS.perClient.slowAfter ? 0 : 1000 * 2 ** (failures - SIGN_IN_LIMITS.perClient.slowAfter);

async function isKnownClient(db: Database, userId: string, client: string) {
  const [row] = await db
    .select({ userId: knownClients.userId })
    .from(knownClients)
    .where(
      and(
        eq(knownClients.userId, userId),
        eq(knownClients.clientHash, clientHash(client)),
        gt(knownClients.lastSeenAt, new Date(Date.now() - SIGN_IN_LIMITS.knownForMs)),
      ),
    );
  return Boolean(row);
}

/** Before a password is checked: 429 when this client must wait, is refused for this account, or the account is locked to it. */
export async function assertSignInAllowed(db: Database, reply: FastifyReply, attempt: Attempt) {
  const { perClient, perAccount } = SIGN_IN_LIMITS;
  const pair = await readWindow(db, pairKey(attempt), perClient.windowMs);
  if (pair.current >= perClient.max) tooManyFor(reply, 'too_many_attempts', pair.ttl);
  const wait = slowDownMs(pair.current) - pair.sinceLast;
  if (wait > 0) tooManyFor(reply, 'sign_in_slow_down', wait);
  const account = await readWindow(db, accountKey(attempt.email), perAccount.windowMs);
  if (account.current >= perAccount.lockAfter && !(attempt.userId && (await isKnownClient(db, attempt.userId, attempt.client)))) {
    tooManyFor(reply, 'account_locked', account.ttl);
  }
}

/** A wrong password: counted for the client and the account; the try that locks the account mails its owner. */
export async function recordSignInFailure(
  ctx: AppContext,
  attempt: Attempt,
  owner: { id: string; email: string; language: string } | null,
) {
  const { perClient, perAccount } = SIGN_IN_LIMITS;
  await countInWindow(ctx.db, pairKey(attempt), perClient.windowMs);
  const account = await countInWindow(ctx.db, accountKey(attempt.email), perAccount.windowMs);
  if (owner && account.current === perAccount.lockAfter) {
    const language = owner.language === 'ja' ? 'ja' : 'en';
    const minutes = Math.ceil(account.ttl / MINUTE);
    await ctx.mailer.send(mailTemplates.accountLocked(owner.email, language, await newResetLink(ctx, owner), minutes));
  }
}

/** The right password: this client's count starts again, and it is known to the account from now on. */
export async function recordSignInSuccess(db: Database, attempt: Attempt & { userId: string }) {
  await clearWindow(db, pairKey(attempt));
  await db
    .insert(knownClients)
    .values({ userId: attempt.userId, clientHash: clientHash(attempt.client) })
    .onConflictDoUpdate({ target: [knownClients.userId, knownClients.clientHash], set: { lastSeenAt: sql`now()` } });
}

/** A new password was set through a reset link: the account's lock, if any, ends. */
export const unlockAccount = (db: Database, email: string) => clearWindow(db, accountKey(email));
