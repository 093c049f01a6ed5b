// The Stripe payment provider: a Stripe client (optionally against STRIPE_API_URL), customers, Checkout sessions for a
// catalogue price, and Customer Portal sessions.
import Stripe from 'stripe';
import type { Config } from '../../config';
import type { PaymentProvider } from './provider';

/** STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_PRICES (catalogue id -> Stripe price id) and STRIPE_API_URL. */
export type StripeSettings = NonNullable<Config['stripe']>;

export function createStripeClient(settings: StripeSettings) {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 2,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
}

/** Stripe Checkout and Customer Portal; what happens there comes back through the webhook (stripe-webhook.ts). */
export class StripePaymentProvider implements PaymentProvider {
  readonly kind = 'stripe' as const;

  constructor(
    private readonly stripe: Stripe,
    private readonly settings: StripeSettings,
  ) {}

  async createCustomer(user: { id: string; email: string }) {
    const customer = await this.stripe.customers.create({ email: user.email, metadata: { kagami_user_id: user.id } });
    return customer.id;
  }

  async createCheckoutSession(input: Parameters<PaymentProvider['createCheckoutSession']>[0]) {
    const stripePrice = this.settings.prices[input.price.id];
    if (!stripePrice) throw new Error(`STRIPE_PRICES has no Stripe price for ${input.price.id}`);
    const metadata = { kagami_user_id: input.userId, kagami_price_id: input.price.id };
    const session = await this.stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: input.customerId,
      client_reference_id: input.userId,
      line_items: [{ price: stripePrice, quantity: 1 }],
      success_url: `${input.successUrl}${input.successUrl.includes('?') ? '&' : '?'}session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: input.cancelUrl,
      metadata,
      subscription_data: { metadata },
    });
    return { sessionId: session.id, url: session.url! };
  }

  async createPortalSession(input: Parameters<PaymentProvider['createPortalSession']>[0]) {
    const session = await this.stripe.billingPortal.sessions.create({ customer: input.customerId, return_url: input.returnUrl });
    return { url: session.url };
  }
}
