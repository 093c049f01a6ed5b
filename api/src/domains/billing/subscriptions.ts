// Which plan a user has now, app or API, from their subscriptions (Free without one), the monthly window their
// usage counts in, and recording what the payment provider reports about a subscription.
import { and, eq } from 'drizzle-orm';
import type { Database, Queryable } from '../../db/connect';
import { subscriptions, users } from '../../db/schema';
import { FREE_PLAN, planOf, priceOf, type Plan, type Price, type ProductType } from './plans';

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/** The plan a user's allowance comes from now, with the start its monthly usage windows count from. */
export type CurrentPlan = { plan: Plan; price: Price | null; periodStart: Date; subscription: SubscriptionRow | null };

/** Adds whole months in UTC, keeping the day of the month where the month has it (Jan 31 + 1 = Feb 28/29). */
export function addMonths(date: Date, months: number): Date {
  const result = new Date(date);
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, lastDay));
  return result;
}

/**
 * SPEC §4: the next renewal is the period start plus the whole months elapsed, plus one month; usage counts
 * from the renewal before it. Yearly plans renew their allowance monthly too.
 */
export function usageWindow(periodStart: Date, now = new Date()): { start: Date; end: Date } {
  let months = (now.getUTCFullYear() - periodStart.getUTCFullYear()) * 12 + now.getUTCMonth() - periodStart.getUTCMonth();
  if (addMonths(periodStart, months) > now) months -= 1;
  const start = addMonths(periodStart, Math.max(0, months));
  return { start, end: addMonths(periodStart, Math.max(0, months) + 1) };
}

/** The window usage counts in now: from `usageSince` while a plan changed mid-period is in its first month. */
export function usageWindowOf(current: CurrentPlan, now = new Date()): { start: Date; end: Date } {
  const window = usageWindow(current.periodStart, now);
  const since = current.subscription?.usageSince;
  const firstWindow = window.start.getTime() === current.periodStart.getTime();
  return since && firstWindow && since < window.start ? { start: since, end: window.end } : window;
}

export async function subscriptionOf(db: Queryable, userId: string, productType: ProductType): Promise<SubscriptionRow | null> {
  const [row] = await db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.userId, userId), eq(subscriptions.productType, productType)));
  return row ?? null;
}

/** A subscription that still gives its plan: active or awaiting a retried payment, and not past its period. */
const isLive = (row: SubscriptionRow | null, now: Date): row is SubscriptionRow =>
  Boolean(row && row.status !== 'canceled' && row.currentPeriodEnd > now);

/** The user's app plan: a live subscription's, else Free, counted monthly from sign-up. */
export async function appPlanOf(db: Queryable, userId: string, now = new Date()): Promise<CurrentPlan> {
  const row = await subscriptionOf(db, userId, 'app');
  const price = isLive(row, now) ? priceOf(row.priceId) : undefined;
  if (row && price) return { plan: planOf(price.alias)!, price, periodStart: row.currentPeriodStart, subscription: row };
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  return { plan: FREE_PLAN, price: null, periodStart: user?.createdAt ?? now, subscription: null };
}

/** The user's API plan, or null without a live API subscription. */
export async function apiPlanOf(db: Queryable, userId: string, now = new Date()): Promise<CurrentPlan | null> {
  const row = await subscriptionOf(db, userId, 'api');
  const price = isLive(row, now) ? priceOf(row.priceId) : undefined;
  return row && price ? { plan: planOf(price.alias)!, price, periodStart: row.currentPeriodStart, subscription: row } : null;
}

/**
 * Where usage counts from once a subscription takes this price and period start: the same period keeps what it
 * had; a renewal of the same price starts afresh; a new plan (an upgrade, a change, a first purchase over Free)
 * carries over what was used in the window that was current until now.
 */
async function usageSinceAfter(db: Queryable, userId: string, productType: ProductType, priceId: string, periodStart: Date) {
  const now = new Date();
  const previous = productType === 'app' ? await appPlanOf(db, userId, now) : await apiPlanOf(db, userId, now);
  const row = previous?.subscription;
  if (row && row.currentPeriodStart.getTime() === periodStart.getTime()) return row.usageSince;
  if (!previous || (row && row.priceId === priceId)) return null;
  const { start } = usageWindowOf(previous, now);
  return start < periodStart ? start : null;
}

/**
 * Records what the payment provider reports for a user's plan of the price's product type (one subscription
 * per user and product type): a completed checkout, a renewal, a plan change, a cancellation.
 */
export async function recordSubscription(
  db: Database,
  input: {
    userId: string;
    priceId: string;
    status: SubscriptionRow['status'];
    currentPeriodStart: Date;
    currentPeriodEnd: Date;
    cancelAtPeriodEnd?: boolean;
    providerSubscriptionId?: string | null;
    providerEventAt?: Date | null;
  },
) {
  const price = priceOf(input.priceId);
  if (!price) throw new Error(`unknown price ${input.priceId}`);
  const productType = planOf(price.alias)!.productType;
  const values = {
    priceId: input.priceId,
    status: input.status,
    currentPeriodStart: input.currentPeriodStart,
    currentPeriodEnd: input.currentPeriodEnd,
    cancelAtPeriodEnd: input.cancelAtPeriodEnd ?? false,
    providerSubscriptionId: input.providerSubscriptionId ?? null,
    providerEventAt: input.providerEventAt ?? null,
    usageSince: await usageSinceAfter(db, input.userId, productType, input.priceId, input.currentPeriodStart),
  };
  await db
    .insert(subscriptions)
    .values({ userId: input.userId, productType, ...values })
    .onConflictDoUpdate({ target: [subscriptions.userId, subscriptions.productType], set: values });
}
