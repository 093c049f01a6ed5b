import { and, asc, count, eq, gte, inArray, ne, sql, sum } from 'drizzle-orm';
import type { Database, Queryable, Transaction } from '../../db/connect';
import { avatars, teamMembers, usage, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { Allowance, ProductType } from './plans';
import { apiPlanOf, appPlanOf, usageWindow, type CurrentPlan } from './subscriptions';

export type Metric = (typeof usage.$inferInsert)['metric'];

const LIMIT_OF: Record<Metric, (allowance: Allowance) => number> = {
  custom_avatars: (a) => a.customAvatarsPerMonth,
  custom_voices: (a) => a.customVoicesPerMonth,
  video_seconds: (a) => a.videoMinutesPerMonth * 60,
  audio_seconds: (a) => a.audioMinutesPerMonth * 60,
};

/** A team's allowance is its owner's plan; what members create counts against it. */
export async function allowanceOwnerOf(db: Queryable, teamId: string): Promise<string> {
  const [owner] = await db
    .select({ userId: teamMembers.userId })
    .from(teamMembers)
    .where(and(eq(teamMembers.teamId, teamId), eq(teamMembers.role, 'owner')))
    .orderBy(asc(teamMembers.createdAt))
    .limit(1);
  if (!owner) throw fail(404, 'not_found');
  return owner.userId;
}

const planFor = (db: Queryable, ownerId: string, productType: ProductType) =>
  productType === 'app' ? appPlanOf(db, ownerId) : apiPlanOf(db, ownerId);

/** What the owner used of each metric since `from` (one query: the quota page shows them all). */
async function usedInWindow(db: Queryable, ownerId: string, productType: ProductType, from: Date): Promise<Record<Metric, number>> {
  const rows = await db
    .select({ metric: usage.metric, used: sum(usage.amount) })
    .from(usage)
    .where(and(eq(usage.userId, ownerId), eq(usage.productType, productType), ne(usage.state, 'refunded'), gte(usage.createdAt, from)))
    .groupBy(usage.metric);
  const used: Record<Metric, number> = { custom_avatars: 0, custom_voices: 0, video_seconds: 0, audio_seconds: 0 };
  for (const row of rows) used[row.metric] = Number(row.used ?? 0);
  return used;
}

/** Avatars that occupy a slot: every avatar of the owner's teams that did not fail. */
async function avatarsHeld(db: Queryable, ownerId: string) {
  const owned = db
    .select({ teamId: teamMembers.teamId })
    .from(teamMembers)
    .where(and(eq(teamMembers.userId, ownerId), eq(teamMembers.role, 'owner')));
  const [row] = await db
    .select({ value: count() })
    .from(avatars)
    .where(and(inArray(avatars.teamId, owned), ne(avatars.status, 'failed')));
  return row?.value ?? 0;
}

export type Charge = { teamId: string; productType: ProductType; metric: Metric; amount: number; itemId: string };

/**
 * Reserves a creation's cost, inside the caller's transaction, before its job is queued: the owner's row is
 * locked so concurrent creations are counted one after another. Over the allowance: 402 quota_exceeded.
 */
export async function reserve(tx: Transaction, charge: Charge): Promise<void> {
  const ownerId = await allowanceOwnerOf(tx, charge.teamId);
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${ownerId} for update`);
  const current = await planFor(tx, ownerId, charge.productType);
  if (!current) throw fail(402, 'api_subscription_required');
  const { start } = usageWindow(current.periodStart);
  const used = (await usedInWindow(tx, ownerId, charge.productType, start))[charge.metric];
  if (used + charge.amount > LIMIT_OF[charge.metric](current.plan.allowance)) throw fail(402, 'quota_exceeded');
  if (charge.metric === 'custom_avatars' && (await avatarsHeld(tx, ownerId)) >= current.plan.allowance.avatarSlots) {
    throw fail(402, 'quota_exceeded');
  }
  await tx.insert(usage).values({
    userId: ownerId,
    productType: charge.productType,
    metric: charge.metric,
    amount: charge.amount,
    state: 'reserved',
    itemId: charge.itemId,
  });
}

/** Reserves `charge` (its own transaction), then creates the item; a creation that fails takes nothing. */
export async function withReservation<T>(db: Database, charge: Charge, create: () => Promise<T>): Promise<T> {
  await db.transaction((tx) => reserve(tx, charge));
  try {
    return await create();
  } catch (error) {
    await refund(db, charge.itemId);
    throw error;
  }
}

const WITHOUT_SPACES = new Set(['ja', 'zh']);

/** Speaking time of a script, rounded up to whole seconds: about 2.6 words or 7 characters (CJK) a second. */
export function estimateSpeechSeconds(script: string, language: string): number {
  const text = script.trim();
  const seconds = WITHOUT_SPACES.has(language) ? text.replace(/\s/g, '').length / 7 : text.split(/\s+/).filter(Boolean).length / 2.6;
  return Math.max(1, Math.ceil(seconds));
}

/** A finished creation: its reservation becomes what it really took (a video's real length). */
export async function settle(db: Database, itemId: string, metric: Metric, amount?: number) {
  await db
    .update(usage)
    .set({ state: 'settled', ...(amount === undefined ? {} : { amount }) })
    .where(and(eq(usage.itemId, itemId), eq(usage.metric, metric), eq(usage.state, 'reserved')));
}

/** A failed creation takes nothing. */
export async function refund(db: Database, itemId: string) {
  await db
    .update(usage)
    .set({ state: 'refunded' })
    .where(and(eq(usage.itemId, itemId), eq(usage.state, 'reserved')));
}

type Meter = { used: number; total: number; unit: 'mins' | 'count' };

/** SPEC §3 Quota: used and total per allowance, and the next renewal date. */
export async function quotaOf(db: Database, current: CurrentPlan, ownerId: string, productType: ProductType) {
  const { start, end } = usageWindow(current.periodStart);
  const used = await usedInWindow(db, ownerId, productType, start);
  const { allowance } = current.plan;
  const minutes = (seconds: number) => Math.round((seconds / 60) * 10) / 10;
  const meters: Record<string, Meter> = {
    video_minutes: { used: minutes(used.video_seconds), total: allowance.videoMinutesPerMonth, unit: 'mins' },
    audio_minutes: { used: minutes(used.audio_seconds), total: allowance.audioMinutesPerMonth, unit: 'mins' },
    custom_avatars: { used: used.custom_avatars, total: allowance.customAvatarsPerMonth, unit: 'count' },
    custom_voices: { used: used.custom_voices, total: allowance.customVoicesPerMonth, unit: 'count' },
    avatar_slots: { used: await avatarsHeld(db, ownerId), total: allowance.avatarSlots, unit: 'count' },
  };
  return { plan: current.plan.alias, ...meters, next_renewal_date: end.toISOString() };
}
