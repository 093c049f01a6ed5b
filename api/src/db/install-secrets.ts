// Secrets an install makes once and every process shares (the asset signing key, the Content Credentials signer),
// kept in the install_secrets table.
import { eq } from 'drizzle-orm';
import type { Database } from './connect';
import { installSecrets } from './schema';

/** The install's value of `name`: the one stored, or else `make()`'s, stored by whichever process asked first. */
export async function installSecret(db: Database, name: string, make: () => Promise<string>): Promise<string> {
  const stored = async () =>
    (await db.select({ value: installSecrets.value }).from(installSecrets).where(eq(installSecrets.name, name)))[0]?.value;
  const found = await stored();
  if (found) return found;
  await db
    .insert(installSecrets)
    .values({ name, value: await make() })
    .onConflictDoNothing();
  return (await stored())!;
}
