// Plan allowances: whose plan a team's work counts against (its owner's), what a creation needs, reserving it before
// its job is queued (402 when over), settling or refunding it, and the quota as the app shows it.
import { and, asc, count, eq, gte, inArray, ne, sql, sum } from 'drizzle-orm';
import type { Database, Queryable, Transaction } from '../../db/connect';
import { avatars, teamMembers, usage, users } from '../../db/schema';
import { AppError, fail } from '../../lib/errors';
import { errorMessage } from '../../lib/messages';
import type { Allowance, ProductType } from './plans';
import { apiPlanOf, appPlanOf, usageWindowOf, type CurrentPlan } from './subscriptions';

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

/** What one creation takes: so many units of each metric. */
export type Need = { metric: Metric; amount: number };
export type Charge = { teamId: string; productType: ProductType; itemId: string; needs: Need[] };

/**
 * What each creation takes of a plan (README, Plans and quota). Audio minutes count the audio Kagami turns into
 * something: a voice model's recording, and every video's soundtrack (speech made from its script, or its uploaded audio).
 */
export const needsOf = {
  avatar: (): Need[] => [{ metric: 'custom_avatars', amount: 1 }],
  voice: (recordingSeconds: number): Need[] => [
    { metric: 'custom_voices', amount: 1 },
    { metric: 'audio_seconds', amount: recordingSeconds },
  ],
  video: (seconds: number): Need[] => [
    { metric: 'video_seconds', amount: seconds },
    { metric: 'audio_seconds', amount: seconds },
  ],
};

/** 402 `quota_exceeded`, naming the allowance that is used up (its message says which). */
const quotaExceeded = (metric: Metric | 'avatar_slots', plan: string) =>
  new AppError(402, 'quota_exceeded', errorMessage(`quota_exceeded_${metric}`), { metric, plan });

/** Throws 402 (`api_subscription_required`, or `quota_exceeded` naming the metric) unless `needs` fit what the owner has left. */
async function assertFits(db: Queryable, ownerId: string, productType: ProductType, needs: Need[]) {
  const current = await planFor(db, ownerId, productType);
  if (!current) throw fail(402, 'api_subscription_required');
  const used = await usedInWindow(db, ownerId, productType, usageWindowOf(current).start);
  for (const need of needs) {
    const limit = LIMIT_OF[need.metric](current.plan.allowance);
    if (used[need.metric] + need.amount > limit) throw quotaExceeded(need.metric, current.plan.alias);
  }
  const slots = current.plan.allowance.avatarSlots;
  if (needs.some((need) => need.metric === 'custom_avatars') && (await avatarsHeld(db, ownerId)) >= slots) {
    throw quotaExceeded('avatar_slots', current.plan.alias);
  }
}

/** Whether the team can create one more item needing `needs` now (the upload dialogs ask before the first byte). */
export async function assertAllowance(db: Queryable, teamId: string, productType: ProductType, needs: Need[]) {
  await assertFits(db, await allowanceOwnerOf(db, teamId), productType, needs);
}

/**
 * Reserves a creation's cost, inside the caller's transaction, before its job is queued: the owner's row is
 * locked so concurrent creations are counted one after another. Over the allowance: 402 quota_exceeded.
 */
export async function reserve(tx: Transaction, charge: Charge): Promise<void> {
  const ownerId = await allowanceOwnerOf(tx, charge.teamId);
  await tx.execute(sql`select 1 from ${users} where ${users.id} = ${ownerId} for update`);
  await assertFits(tx, ownerId, charge.productType, charge.needs);
  await tx.insert(usage).values(
    charge.needs.map((need) => ({
      userId: ownerId,
      productType: charge.productType,
      metric: need.metric,
      amount: need.amount,
      state: 'reserved' as const,
      itemId: charge.itemId,
    })),
  );
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

export { estimateSpeechSeconds } from '@kagami/shared/validation';

/** A finished creation: its reservations become what it really took (a video's real length in both of its minutes). */
export async function settle(db: Database, itemId: string, seconds?: number) {
  const reserved = and(eq(usage.itemId, itemId), eq(usage.state, 'reserved'));
  if (seconds !== undefined) {
    await db
      .update(usage)
      .set({ state: 'settled', amount: seconds })
      .where(and(reserved, inArray(usage.metric, ['video_seconds', 'audio_seconds'])));
  }
  await db.update(usage).set({ state: 'settled' }).where(reserved);
}

/** A failed creation takes nothing. */
export async function refund(db: Queryable, itemId: string) {
  await db
    .update(usage)
    .set({ state: 'refunded' })
    .where(and(eq(usage.itemId, itemId), eq(usage.state, 'reserved')));
}

type Meter = { used: number; total: number; unit: 'mins' | 'count' };

/** SPEC §3 Quota: used and total per allowance, and the next renewal date. */
export async function quotaOf(db: Database, current: CurrentPlan, ownerId: string, productType: ProductType) {
  const { start, end } = usageWindowOf(current);
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

/** The API plan a team's key is charged to (its owner's), and its use this period; no quota without one. */
export async function teamApiQuota(db: Database, teamId: string) {
  const owner = await allowanceOwnerOf(db, teamId);
  const plan = await apiPlanOf(db, owner);
  return { owner, has_api_subscription: Boolean(plan), quota: plan ? await quotaOf(db, plan, owner, 'api') : null };
}

/** How many videos of a batch the team's plan (its owner's, for the app or the API) renders at once. */
export async function parallelVideosOf(db: Queryable, teamId: string, productType: ProductType) {
  const current = await planFor(db, await allowanceOwnerOf(db, teamId), productType);
  return current?.plan.parallelVideos ?? 1;
}

/** The video seconds the team's plan has left this period (none without an API plan, for the API). */
export async function videoSecondsLeftOf(db: Queryable, teamId: string, productType: ProductType) {
  const owner = await allowanceOwnerOf(db, teamId);
  const current = await planFor(db, owner, productType);
  if (!current) return 0;
  const used = await usedInWindow(db, owner, productType, usageWindowOf(current).start);
  return Math.max(0, current.plan.allowance.videoMinutesPerMonth * 60 - used.video_seconds);
}
