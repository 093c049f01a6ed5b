// A team's webhooks: its signing secret, its endpoints, the events it is sent and the log of their
// deliveries. Callers (the app's routes, /api/v1) have already decided that the team is theirs.
import { randomBytes } from 'node:crypto';
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { WebhookEvent } from '@kagami/shared/validation';
import { type AppContext } from '../app-context';
import type { Database } from '../../db/connect';
import { webhookAttempts, webhookDeliveries, webhookEndpoints, webhookSecrets } from '../../db/schema';
import { errors, fail } from '../../lib/errors';
import { WEBHOOK_QUEUE } from '../../jobs/queue';
import { checkDestination } from './destination';
import { paginate, type Page } from '../../routing/pages';

export const MAX_ENDPOINTS = 10;
/** How long a failing delivery is retried. */
export const RETRY_WINDOW_MS = 24 * 3_600_000;

const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;

/** The team's signing secret, made the first time it is needed (read on every delivery: written once). */
export async function signingSecret(db: Database, teamId: string): Promise<string> {
  const [row] = await db.select().from(webhookSecrets).where(eq(webhookSecrets.teamId, teamId));
  if (row) return row.secret;
  await db.insert(webhookSecrets).values({ teamId, secret: newSecret() }).onConflictDoNothing();
  return signingSecret(db, teamId);
}

/** A new secret at once: deliveries from now on are signed with it. */
export async function rotateSigningSecret(db: Database, teamId: string) {
  const secret = newSecret();
  await db
    .insert(webhookSecrets)
    .values({ teamId, secret })
    .onConflictDoUpdate({ target: webhookSecrets.teamId, set: { secret, createdAt: new Date() } });
  return secret;
}

const endpointJson = (row: typeof webhookEndpoints.$inferSelect) => ({
  id: row.id,
  url: row.url,
  events: row.events,
  created_at: row.createdAt,
});

export async function listEndpoints(db: Database, teamId: string) {
  const rows = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.teamId, teamId)).orderBy(webhookEndpoints.createdAt);
  return rows.map(endpointJson);
}

export async function addEndpoint(ctx: AppContext, teamId: string, input: { url: string; events: WebhookEvent[] }) {
  const url = await checkDestination(input.url, ctx.config.webhooks);
  const [{ value }] = (await ctx.db.select({ value: count() }).from(webhookEndpoints).where(eq(webhookEndpoints.teamId, teamId))) as [
    { value: number },
  ];
  if (value >= MAX_ENDPOINTS) throw fail(409, 'webhook_endpoint_limit', {}, { max: MAX_ENDPOINTS });
  await signingSecret(ctx.db, teamId);
  const [row] = await ctx.db.insert(webhookEndpoints).values({ teamId, url: url.toString(), events: input.events }).returning();
  return endpointJson(row!);
}

async function teamEndpoint(db: Database, teamId: string, id: string) {
  const [row] = await db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.teamId, teamId)));
  if (!row) throw errors.notFound('Webhook endpoint');
  return row;
}

/** Removes an endpoint and cancels what was still to be delivered to it: a retired URL receives nothing more. */
export async function removeEndpoint(db: Database, teamId: string, id: string) {
  await teamEndpoint(db, teamId, id);
  await db.transaction(async (tx) => {
    await tx
      .update(webhookDeliveries)
      .set({ status: 'cancelled', nextAttemptAt: null })
      .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')));
    await tx.update(webhookDeliveries).set({ endpointRemovedAt: new Date() }).where(eq(webhookDeliveries.endpointId, id));
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
  });
}

/** Cancels one pending delivery: no further attempt, and an attempt under way does not schedule another. */
export async function cancelDelivery(db: Database, teamId: string, deliveryId: string) {
  const [delivery] = await db
    .select({ status: webhookDeliveries.status })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.teamId, teamId)));
  if (!delivery) throw errors.notFound('Delivery');
  const [row] = await db
    .update(webhookDeliveries)
    .set({ status: 'cancelled', nextAttemptAt: null })
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.status, 'pending')))
    .returning({ id: webhookDeliveries.id });
  if (!row) throw fail(409, 'delivery_not_pending');
  return { delivery_id: row.id, status: 'cancelled' as const };
}

type Destination = { url: string; endpointId: string | null };

/** Records one delivery per destination and queues its first attempt. */
async function deliver(ctx: AppContext, teamId: string, type: string, data: unknown, destinations: Destination[]) {
  if (!destinations.length) return [];
  const payload = { type, timestamp: new Date().toISOString(), data };
  const retryUntil = new Date(Date.now() + RETRY_WINDOW_MS);
  const rows = await ctx.db
    .insert(webhookDeliveries)
    .values(
      destinations.map((d) => ({
        teamId,
        endpointId: d.endpointId,
        url: d.url,
        event: type,
        payload,
        retryUntil,
        nextAttemptAt: new Date(),
      })),
    )
    .returning({ id: webhookDeliveries.id });
  for (const row of rows) await ctx.jobs.send(WEBHOOK_QUEUE, { deliveryId: row.id });
  return rows.map((row) => row.id);
}

/**
 * Sends an event to every endpoint of the team that subscribes to it, and to `callbackUrl` (a video's
 * own destination) if given. Never throws: the event is a report of work already done.
 */
export async function emitEvent(ctx: AppContext, teamId: string, type: WebhookEvent, data: unknown, callbackUrl?: string | null) {
  try {
    const endpoints = await ctx.db
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url })
      .from(webhookEndpoints)
      .where(and(eq(webhookEndpoints.teamId, teamId), sql`${webhookEndpoints.events} @> ${JSON.stringify([type])}::jsonb`));
    const destinations: Destination[] = endpoints.map((e) => ({ url: e.url, endpointId: e.id }));
    if (callbackUrl && !endpoints.some((e) => e.url === callbackUrl)) destinations.push({ url: callbackUrl, endpointId: null });
    await deliver(ctx, teamId, type, data, destinations);
  } catch (error) {
    ctx.log.error({ err: error, teamId, type }, 'webhook event could not be recorded');
  }
}

/** A `webhook.test` event to one endpoint, whatever it subscribes to. */
export async function sendTestEvent(ctx: AppContext, teamId: string, endpointId: string) {
  const endpoint = await teamEndpoint(ctx.db, teamId, endpointId);
  const [id] = await deliver(ctx, teamId, 'webhook.test', { endpoint_id: endpoint.id, message: 'A test event from Kagami.' }, [
    { url: endpoint.url, endpointId: endpoint.id },
  ]);
  return { delivery_id: id! };
}

/** Delivers a logged event again now (same webhook-id), with a fresh 24 h of retries; never to a removed endpoint. */
export async function resendDelivery(ctx: AppContext, teamId: string, deliveryId: string) {
  const [delivery] = await ctx.db
    .select({ endpointRemovedAt: webhookDeliveries.endpointRemovedAt })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.teamId, teamId)));
  if (!delivery) throw errors.notFound('Delivery');
  if (delivery.endpointRemovedAt) throw fail(409, 'webhook_endpoint_removed');
  const [row] = await ctx.db
    .update(webhookDeliveries)
    .set({ status: 'pending', nextAttemptAt: new Date(), retryUntil: new Date(Date.now() + RETRY_WINDOW_MS) })
    .where(and(eq(webhookDeliveries.id, deliveryId), isNull(webhookDeliveries.endpointRemovedAt)))
    .returning({ id: webhookDeliveries.id });
  if (!row) throw fail(409, 'webhook_endpoint_removed');
  await ctx.jobs.send(WEBHOOK_QUEUE, { deliveryId: row.id });
  return { delivery_id: row.id };
}

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** Deliveries as the log shows them, each with its attempts (oldest first). */
export async function withAttempts(db: Database, rows: DeliveryRow[]) {
  const attempts = rows.length
    ? await db
        .select()
        .from(webhookAttempts)
        .where(
          inArray(
            webhookAttempts.deliveryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(webhookAttempts.createdAt)
    : [];
  return rows.map((row) => ({
    id: row.id,
    endpoint_id: row.endpointId,
    endpoint_removed: row.endpointRemovedAt !== null,
    url: row.url,
    event: row.event,
    status: row.status,
    attempts: row.attempts,
    last_status_code: row.lastStatusCode,
    last_error: row.lastError,
    next_attempt_at: row.status === 'pending' ? row.nextAttemptAt : null,
    created_at: row.createdAt,
    attempt_log: attempts
      .filter((a) => a.deliveryId === row.id)
      .map((a) => ({ status_code: a.statusCode, error: a.error, duration_ms: a.durationMs, at: a.createdAt })),
  }));
}

/** The team's deliveries, newest first, a page at a time (the app's delivery log). */
export async function deliveryLog(db: Database, teamId: string, page: Page) {
  const where = eq(webhookDeliveries.teamId, teamId);
  const listed = await paginate(
    db
      .select()
      .from(webhookDeliveries)
      .where(where)
      .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
      .limit(page.page_size)
      .offset((page.page - 1) * page.page_size),
    db.select({ value: count() }).from(webhookDeliveries).where(where),
    page,
  );
  return { ...listed, items: await withAttempts(db, listed.items) };
}
