// POST /api/stripe/webhook: Stripe's signed events (subscriptions, invoices paid or failed, completed checkouts)
// recorded once each, so that retries and any order leave the newest state.
import { and, eq, isNull, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import { type AppContext } from '../app-context';
import { invoices, stripeEvents, subscriptions, users } from '../../db/schema';
import { fail } from '../../lib/errors';
import { priceOf } from './plans';
import { recordSubscription, type SubscriptionRow } from './subscriptions';
import type { StripeSettings } from './stripe-provider';
import type { App } from '../../routing/typed';

const STATUS: Record<string, SubscriptionRow['status']> = {
  active: 'active',
  trialing: 'active',
  past_due: 'past_due',
  unpaid: 'past_due',
  incomplete: 'past_due',
};

const seconds = (value: number | null | undefined) => (value ? new Date(value * 1000) : null);

/**
 * Stripe's events, verified by signature (STRIPE_WEBHOOK_SECRET): subscriptions created, updated and deleted,
 * invoices paid and failed, checkouts completed. Each event id is handled once; an event older than what a
 * subscription already shows is ignored, so retries and any order leave the newest state.
 */
export function stripeWebhookRoutes(app: App, ctx: AppContext, stripe: Stripe, settings: StripeSettings) {
  const { db } = ctx;
  const catalogueIdOf = Object.fromEntries(Object.entries(settings.prices).map(([catalogue, stripeId]) => [stripeId, catalogue]));

  async function userOf(customer: string | { id: string } | null, metadataUserId?: string) {
    if (metadataUserId) return metadataUserId;
    const customerId = typeof customer === 'string' ? customer : customer?.id;
    if (!customerId) return null;
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.stripeCustomerId, customerId));
    return user?.id ?? null;
  }

  async function onSubscription(event: Stripe.Event, subscription: Stripe.Subscription) {
    const userId = await userOf(subscription.customer, subscription.metadata?.kagami_user_id);
    const item = subscription.items.data[0];
    const priceId = item ? catalogueIdOf[item.price.id] : undefined;
    if (!userId || !priceId) return;
    const eventAt = new Date(event.created * 1000);
    const [held] = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    if (held?.providerEventAt && held.providerSubscriptionId === subscription.id && held.providerEventAt > eventAt) return;
    const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
    await recordSubscription(db, {
      userId,
      priceId,
      status: event.type === 'customer.subscription.deleted' ? 'canceled' : (STATUS[subscription.status] ?? 'canceled'),
      currentPeriodStart: seconds(item?.current_period_start ?? legacy.current_period_start) ?? eventAt,
      currentPeriodEnd: seconds(item?.current_period_end ?? legacy.current_period_end) ?? eventAt,
      cancelAtPeriodEnd: subscription.cancel_at_period_end,
      providerSubscriptionId: subscription.id,
      providerEventAt: eventAt,
    });
  }

  async function onInvoice(invoice: Stripe.Invoice, status: 'paid' | 'failed') {
    const userId = await userOf(invoice.customer as string | null);
    const line = invoice.lines.data[0] as unknown as
      { pricing?: { price_details?: { price?: string } }; price?: { id: string } } | undefined;
    const priceId = catalogueIdOf[line?.pricing?.price_details?.price ?? line?.price?.id ?? ''];
    const price = priceId ? priceOf(priceId) : undefined;
    if (!userId || !price || !invoice.id) return;
    await db
      .insert(invoices)
      .values({
        userId,
        priceId: price.id,
        amount: invoice.amount_paid || invoice.amount_due,
        currency: price.currency,
        status,
        providerInvoiceId: invoice.id,
      })
      .onConflictDoUpdate({ target: invoices.providerInvoiceId, set: { status } });
  }

  async function onCheckout(session: Stripe.Checkout.Session) {
    const customer = typeof session.customer === 'string' ? session.customer : session.customer?.id;
    if (session.client_reference_id && customer) {
      await db
        .update(users)
        .set({ stripeCustomerId: customer })
        .where(and(eq(users.id, session.client_reference_id), or(isNull(users.stripeCustomerId), eq(users.stripeCustomerId, customer))));
    }
  }

  async function handle(event: Stripe.Event) {
    if (event.type.startsWith('customer.subscription.')) return onSubscription(event, event.data.object as Stripe.Subscription);
    if (event.type === 'invoice.paid') return onInvoice(event.data.object as Stripe.Invoice, 'paid');
    if (event.type === 'invoice.payment_failed') return onInvoice(event.data.object as Stripe.Invoice, 'failed');
    if (event.type === 'checkout.session.completed') return onCheckout(event.data.object as Stripe.Checkout.Session);
  }

  app.register(async (scope) => {
    // The signature covers the exact bytes Stripe sent.
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));
    scope.post('/api/stripe/webhook', async (request) => {
      let event: Stripe.Event;
      try {
        if (!Buffer.isBuffer(request.body)) throw new Error('not the raw body');
        event = stripe.webhooks.constructEvent(request.body, String(request.headers['stripe-signature'] ?? ''), settings.webhookSecret);
      } catch {
        throw fail(400, 'invalid_signature');
      }
      const [fresh] = await db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().returning();
      if (!fresh) return { received: true };
      try {
        await handle(event);
      } catch (error) {
        // Not handled: forget the event, so Stripe's retry is handled.
        await db.delete(stripeEvents).where(eq(stripeEvents.id, event.id));
        throw error;
      }
      return { received: true };
    });
  });
}
