// Delivering a webhook: one attempt per job, signed per Standard Webhooks (webhook-id, -timestamp,
// -signature). A failed attempt schedules the next one, each four times later than the last (at most
// 4 h apart), until 24 h after the event; every attempt is logged for the team to see.
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { type AppContext } from '../app-context';
import { webhookAttempts, webhookDeliveries } from '../../db/schema';
import { WEBHOOK_QUEUE } from '../../jobs/queue';
import { guardedLookup, isPrivateAddress, type DestinationRules } from './destination';
import { signingSecret } from './service';

const TIMEOUT_MS = 10_000;
const MAX_DELAY_MS = 4 * 3_600_000;

export const retryDelayMs = (firstRetryMs: number, failedAttempts: number) =>
  Math.min(firstRetryMs * 4 ** (failedAttempts - 1), MAX_DELAY_MS);

type Outcome = { statusCode: number | null; error: string | null };

/** POSTs the body; the answer's status code, or the reason none came. Redirects are not followed. */
export function post(url: string, headers: Record<string, string>, body: string, rules: DestinationRules): Promise<Outcome> {
  const target = new URL(url);
  const host = target.hostname.replace(/^\[|\]$/g, '');
  if (!rules.allowPrivate && isIP(host) && isPrivateAddress(host))
    return Promise.resolve({ statusCode: null, error: 'webhook_destination_private' });
  const send = target.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    const req = send(
      target,
      {
        method: 'POST',
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'user-agent': 'Kagami-Webhooks/1',
        },
        lookup: guardedLookup(rules),
        timeout: TIMEOUT_MS,
      },
      (response: IncomingMessage) => {
        response.resume();
        const code = response.statusCode ?? 0;
        const error = code >= 200 && code < 300 ? null : code >= 300 && code < 400 ? 'webhook_redirect' : 'webhook_status';
        response.on('end', () => resolve({ statusCode: code, error }));
        response.on('error', () => resolve({ statusCode: code, error }));
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('timeout'), { code: 'webhook_timeout' })));
    req.on('error', (error: NodeJS.ErrnoException) =>
      resolve({
        statusCode: null,
        error: error.code === 'webhook_timeout' || error.code === 'webhook_destination_private' ? error.code : 'webhook_connection_failed',
      }),
    );
    req.end(body);
  });
}

/** One attempt of a delivery that is due; a job for a delivery already done, or not yet due, does nothing. */
export async function attemptDelivery(ctx: AppContext, deliveryId: string) {
  const [delivery] = await ctx.db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: null })
    .where(
      and(
        eq(webhookDeliveries.id, deliveryId),
        eq(webhookDeliveries.status, 'pending'),
        or(isNull(webhookDeliveries.nextAttemptAt), lte(webhookDeliveries.nextAttemptAt, new Date(Date.now() + 1000))),
      ),
    )
    .returning();
  if (!delivery) return;
  const body = JSON.stringify(delivery.payload);
  const sentAt = new Date();
  const signature = new Webhook(await signingSecret(ctx.db, delivery.teamId)).sign(delivery.id, sentAt, body);
  const headers = {
    'webhook-id': delivery.id,
    'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
    'webhook-signature': signature,
  };
  const started = Date.now();
  const outcome = await post(delivery.url, headers, body, ctx.config.webhooks);
  await ctx.db
    .insert(webhookAttempts)
    .values({ deliveryId: delivery.id, statusCode: outcome.statusCode, error: outcome.error, durationMs: Date.now() - started });
  const next = new Date(Date.now() + retryDelayMs(ctx.config.webhooks.firstRetryMs, delivery.attempts));
  const status = outcome.error === null ? 'succeeded' : next > delivery.retryUntil ? 'failed' : 'pending';
  // A delivery cancelled while this attempt ran (its endpoint removed, or cancelled on its own) stays cancelled.
  const [updated] = await ctx.db
    .update(webhookDeliveries)
    .set({ status, lastStatusCode: outcome.statusCode, lastError: outcome.error, nextAttemptAt: status === 'pending' ? next : null })
    .where(and(eq(webhookDeliveries.id, delivery.id), eq(webhookDeliveries.status, 'pending')))
    .returning({ id: webhookDeliveries.id });
  if (updated && status === 'pending') await ctx.jobs.send(WEBHOOK_QUEUE, { deliveryId: delivery.id }, { startAfter: next });
}

export async function startWebhookWorker(ctx: AppContext, log: FastifyBaseLogger) {
  await ctx.jobs.work(WEBHOOK_QUEUE, { pollingIntervalSeconds: 0.5, batchSize: 1 }, async ([job]) => {
    const { deliveryId } = job!.data as { deliveryId: string };
    try {
      await attemptDelivery(ctx, deliveryId);
    } catch (error) {
      log.warn({ err: error, deliveryId }, 'webhook delivery attempt failed; the job will be retried');
      throw error;
    }
  });
}
