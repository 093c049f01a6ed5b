// Paying for a plan: refusing a second currency, recording a paid checkout (invoice and subscription for one
// interval), and the Luhn check of the built-in provider's test cards.
import { and, eq, ne } from 'drizzle-orm';
import type { Database } from '../../db/connect';
import { invoices, subscriptions } from '../../db/schema';
import { fail } from '../../lib/errors';
import { priceOf, type Price } from './plans';
import { addMonths, recordSubscription } from './subscriptions';

/** SPEC §8: a user holding a plan in one currency cannot buy a plan in the other. */
export async function assertSameCurrency(db: Database, userId: string, price: Price, now = new Date()) {
  const held = await db
    .select({ priceId: subscriptions.priceId, periodEnd: subscriptions.currentPeriodEnd })
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.status, 'canceled')));
  if (held.some((row) => row.periodEnd > now && priceOf(row.priceId)?.currency !== price.currency)) throw fail(409, 'currency_mismatch');
}

export const periodEndOf = (price: Price, start: Date) => addMonths(start, price.interval === 'year' ? 12 : 1);

/** A paid checkout: the invoice, and the plan from now for one interval. */
export async function completeCheckout(
  db: Database,
  input: { userId: string; price: Price; providerSubscriptionId?: string | null; providerInvoiceId?: string | null; now?: Date },
) {
  const start = input.now ?? new Date();
  await db.insert(invoices).values({
    userId: input.userId,
    priceId: input.price.id,
    amount: input.price.unitAmount,
    currency: input.price.currency,
    status: 'paid',
    providerInvoiceId: input.providerInvoiceId ?? null,
  });
  await recordSubscription(db, {
    userId: input.userId,
    priceId: input.price.id,
    status: 'active',
    currentPeriodStart: start,
    currentPeriodEnd: periodEndOf(input.price, start),
    providerSubscriptionId: input.providerSubscriptionId ?? null,
  });
}

/** A test card number: 12 to 19 digits that pass the Luhn check (spaces and dashes allowed). */
export function isValidCardNumber(input: string) {
  const digits = input.replace(/[\s-]/g, '');
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}
