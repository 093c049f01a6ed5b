// The billing routes: the payment provider (Stripe with its webhook, or the built-in one with its pages), and for a
// signed-in user their customer, checkout, billing portal, app and API subscriptions, allowances and the plan list.
import * as v from 'valibot';
import { eq } from 'drizzle-orm';
import { type AppContext } from '../app-context';
import { users } from '../../db/schema';
import { errors, fail } from '../../lib/errors';
import { currentUser, signedIn } from '../auth/guard';
import { requireMembership } from '../teams/membership';
import { assertSameCurrency } from './checkout';
import { LocalPaymentProvider } from './local-provider';
import { contactSalesRoutes } from './contact-sales';
import { historyRoutes } from './history';
import { localBillingPages } from './local-pages';
import { PLANS, PRICES, priceOf, type Plan } from './plans';
import type { PaymentProvider } from './provider';
import { createStripeClient, StripePaymentProvider } from './stripe-provider';
import { stripeWebhookRoutes } from './stripe-webhook';
import { allowanceOwnerOf, quotaOf, teamApiQuota } from './quota';
import { apiPlanOf, appPlanOf, type CurrentPlan } from './subscriptions';
import { documented, json } from '../../routing/operations';
import { currency, interval, PlanFeatures, Quota, Subscription } from './answers';
import type { App } from '../../routing/typed';
import { teamParams } from '../../routing/params';

export const planJson = (plan: Plan) => ({
  alias: plan.alias,
  product_type: plan.productType,
  avatar_slots: plan.allowance.avatarSlots,
  custom_avatars_per_month: plan.allowance.customAvatarsPerMonth,
  video_minutes_per_month: plan.allowance.videoMinutesPerMonth,
  custom_voices_per_month: plan.allowance.customVoicesPerMonth,
  audio_minutes_per_month: plan.allowance.audioMinutesPerMonth,
  watermark_removal: plan.allowance.watermarkRemoval,
  commercial_use: plan.allowance.commercialUse,
  contact_sales: plan.contactSales ?? false,
});

/** SPEC §3 Subscription: the plan (with its alias) and the period start; Free has none. */
const subscriptionJson = ({ plan, price, subscription }: CurrentPlan) => ({
  plan: { ...planJson(plan), price_id: price?.id ?? null, interval: price?.interval ?? null, currency: price?.currency ?? null },
  status: subscription?.status ?? 'active',
  current_period_start: subscription?.currentPeriodStart.toISOString() ?? null,
  current_period_end: subscription?.currentPeriodEnd.toISOString() ?? null,
  cancel_at_period_end: subscription?.cancelAtPeriodEnd ?? false,
});

const productTypeQuery = v.object({ product_type: v.optional(v.picklist(['app', 'api'], 'validation.notAChoice'), 'app') });

const url = v.pipe(v.string(), v.url('validation.invalid'));

/** Stripe when configured, with its webhook; otherwise the built-in provider, with its pages. */
function paymentProvider(app: App, ctx: AppContext): PaymentProvider {
  if (ctx.config.stripe) {
    const stripe = createStripeClient(ctx.config.stripe);
    stripeWebhookRoutes(app, ctx, stripe, ctx.config.stripe);
    return new StripePaymentProvider(stripe, ctx.config.stripe);
  }
  localBillingPages(app, ctx, ctx.signingKey);
  return new LocalPaymentProvider(ctx.db, ctx.signingKey);
}

export function billingRoutes(app: App, ctx: AppContext) {
  const { db } = ctx;
  const payments = paymentProvider(app, ctx);
  historyRoutes(app, ctx);
  contactSalesRoutes(app, ctx);

  /** Where the API is reached from the browser (the local provider's pages are served here). */
  const apiOrigin = (request: { protocol: string; host: string }) => `${request.protocol}://${request.host}`;
  /** Only Kagami's own pages may be returned to after paying (no open redirect). */
  const assertOwnPage = (...addresses: string[]) => {
    if (addresses.some((address) => !ctx.config.corsOrigins.includes(new URL(address).origin))) throw fail(400, 'invalid_redirect');
  };

  async function customerOf(userId: string, email: string) {
    const [user] = await db.select({ customerId: users.stripeCustomerId }).from(users).where(eq(users.id, userId));
    if (user?.customerId) return user.customerId;
    const customerId = await payments.createCustomer({ id: userId, email });
    await db.update(users).set({ stripeCustomerId: customerId }).where(eq(users.id, userId));
    return customerId;
  }

  // A signed-in user's plans, quota and payment sessions.
  signedIn((app) => {
    app.post(
      '/api/stripe/customer-session',
      {
        schema: {
          ...documented({
            id: 'getBillingCustomer',
            tag: 'Billing',
            summary: 'Get the billing customer',
            description: "The user's customer at the payment provider, made on first use.",
            answers: { 200: json("The user's customer at the payment provider.", v.object({ customer_id: v.string() })) },
            refusals: { 403: ['forbidden'] },
          }),
          body: v.object({ email: v.string(), user_id: v.string() }),
        },
      },
      async (request) => {
        const { user } = currentUser(request);
        const { user_id } = request.body;
        if (user_id !== user.id) throw errors.forbidden();
        return { customer_id: await customerOf(user.id, user.email) };
      },
    );

    app.post(
      '/api/stripe/create-checkout-session',
      {
        schema: {
          ...documented({
            id: 'createCheckout',
            tag: 'Billing',
            summary: 'Start a checkout',
            description: 'A checkout page for a plan’s price, where the user pays.',
            answers: {
              200: json('The checkout to send the user to.', v.object({ session_id: v.string(), url: v.string() })),
            },
            refusals: {
              400: ['invalid_redirect', 'price_unavailable'],
              403: ['forbidden'],
              409: ['currency_mismatch'],
            },
          }),
          body: v.object({
            price_id: v.string(),
            customer_id: v.string(),
            success_url: url,
            cancel_url: url,
            currency: v.optional(v.picklist(['usd', 'jpy'], 'validation.notAChoice')),
          }),
        },
      },
      async (request) => {
        const { user } = currentUser(request);
        const body = request.body;
        const price = priceOf(body.price_id);
        if (!price || (body.currency && body.currency !== price.currency)) throw fail(400, 'price_unavailable');
        if (body.customer_id !== (await customerOf(user.id, user.email))) throw errors.forbidden();
        assertOwnPage(body.success_url, body.cancel_url);
        await assertSameCurrency(db, user.id, price);
        const session = await payments.createCheckoutSession({
          userId: user.id,
          customerId: body.customer_id,
          price,
          successUrl: body.success_url,
          cancelUrl: body.cancel_url,
          apiOrigin: apiOrigin(request),
        });
        return { session_id: session.sessionId, url: session.url };
      },
    );

    app.post(
      '/api/stripe/billing-portal-session',
      {
        schema: {
          ...documented({
            id: 'openBillingPortal',
            tag: 'Billing',
            summary: 'Open the billing portal',
            description: 'A page where the user changes or cancels a subscription and reads invoices.',
            answers: { 200: json('The billing portal to send the user to.', v.object({ url: v.string() })) },
            refusals: { 400: ['invalid_redirect'] },
          }),
          body: v.object({ return_url: url }),
        },
      },
      async (request) => {
        const { user } = currentUser(request);
        const { return_url } = request.body;
        assertOwnPage(return_url);
        const portal = await payments.createPortalSession({
          userId: user.id,
          customerId: await customerOf(user.id, user.email),
          returnUrl: return_url,
          apiOrigin: apiOrigin(request),
        });
        return { url: portal.url };
      },
    );

    app.get(
      '/api/users/subscription',
      {
        schema: documented({
          id: 'getSubscription',
          tag: 'Billing',
          summary: 'Get the app subscription',
          description: "The user's app plan, its period and its state.",
          answers: { 200: json('The app plan.', v.object({ subscription: Subscription })) },
        }),
      },
      async (request) => ({
        subscription: subscriptionJson(await appPlanOf(db, currentUser(request).user.id)),
      }),
    );

    app.get(
      '/api/users/api-subscription',
      {
        schema: documented({
          id: 'getApiSubscription',
          tag: 'Billing',
          summary: 'Get the API subscription',
          description: "The user's API plan, if any.",
          answers: {
            200: json('The API plan, if any.', v.object({ has_api_subscription: v.boolean(), subscription: v.nullable(Subscription) })),
          },
        }),
      },
      async (request) => {
        const current = await apiPlanOf(db, currentUser(request).user.id);
        return { has_api_subscription: Boolean(current), subscription: current ? subscriptionJson(current) : null };
      },
    );

    /** The allowance the user's creations count against: their current team owner's plan (their own without a team). */
    app.get(
      '/api/users/quota',
      {
        schema: documented({
          id: 'getUserQuota',
          tag: 'Billing',
          summary: 'Get the allowance',
          description: "What the user's creations count against (their current team owner's plan) and what is used.",
          answers: {
            200: json(
              'The allowance the current team counts against, and what is used.',
              v.object({ quota: v.object({ ...Quota.entries, owner_is_you: v.boolean() }) }),
            ),
          },
        }),
      },
      async (request) => {
        const { user } = currentUser(request);
        const ownerId = user.currentTeamId ? await allowanceOwnerOf(db, user.currentTeamId) : user.id;
        const quota = await quotaOf(db, await appPlanOf(db, ownerId), ownerId, 'app');
        return { quota: { ...quota, owner_is_you: ownerId === user.id } };
      },
    );

    /** The API plan the team's key is charged to, for the API Key page: its owner's, with its use this period. */
    app.get(
      '/api/teams/:teamId/api-quota',
      {
        schema: {
          ...documented({
            id: 'getApiQuota',
            tag: 'API keys',
            summary: 'Get the API allowance',
            description: "The allowance of the API subscription of the team's owner, and its use.",
            answers: {
              200: json(
                "The API plan the team's key is charged to, and what it has used.",
                v.object({ has_api_subscription: v.boolean(), quota: v.nullable(Quota), owner_is_you: v.boolean() }),
              ),
            },
          }),
          params: teamParams,
        },
      },
      async (request) => {
        const { teamId } = request.params;
        const { user } = currentUser(request);
        await requireMembership(db, teamId, user.id);
        const { owner, ...answer } = await teamApiQuota(db, teamId);
        return { ...answer, owner_is_you: owner === user.id };
      },
    );

    app.get(
      '/api/stripe/personal-plans',
      {
        schema: {
          ...documented({
            id: 'listPlans',
            tag: 'Billing',
            summary: 'List plans',
            description: 'The plans of a product (the app or the API) with their prices.',
            answers: {
              200: json(
                'The plans of a product type, with their prices (in the currency’s smallest unit).',
                v.object({
                  plans: v.array(
                    v.object({
                      ...PlanFeatures,
                      prices: v.array(v.object({ id: v.string(), interval, currency, unit_amount: v.number() })),
                    }),
                  ),
                }),
              ),
            },
          }),
          querystring: productTypeQuery,
        },
      },
      async (request) => {
        const { product_type } = request.query;
        return {
          plans: PLANS.filter((plan) => plan.productType === product_type).map((plan) => ({
            ...planJson(plan),
            prices: PRICES.filter((price) => price.alias === plan.alias).map((price) => ({
              id: price.id,
              interval: price.interval,
              currency: price.currency,
              unit_amount: price.unitAmount,
            })),
          })),
        };
      },
    );
  })(app, ctx);
}
