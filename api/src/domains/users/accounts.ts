// Finding an account by e-mail, and whether an address is free, taken or reserved by a deleted account.
import { eq } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { users } from '../../db/schema';
import { fail } from '../../lib/errors';

export async function findUserByEmail(db: Database, email: string) {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user ?? null;
}

/** An address is taken by a live account, and unavailable for good once its account was deleted. */
export async function assertEmailAvailable(db: Database, email: string) {
  const user = await findUserByEmail(db, email);
  if (!user) return;
  if (user.deletedAt) throw fail(409, 'email_unavailable');
  throw fail(409, 'email_taken');
}
