// What a payment provider does for billing (a customer, a checkout, a billing portal), as the built-in provider and
// Stripe both implement it.
import type { Price } from './plans';

/**
 * Who takes the money. `local` (the default) serves its own checkout and billing portal from the API;
 * `stripe` (when STRIPE_SECRET_KEY is set) hands both to Stripe and learns the outcome from its webhooks.
 * Either way a paid checkout ends in recordSubscription and an invoice.
 */
export interface PaymentProvider {
  readonly kind: 'local' | 'stripe';
  /** A customer for the user at the provider, created once and kept as the profile's stripeCustomerId. */
  createCustomer(user: { id: string; email: string }): Promise<string>;
  /** Where the user pays for `price`; the provider comes back to successUrl or cancelUrl. */
  createCheckoutSession(input: {
    userId: string;
    customerId: string;
    price: Price;
    successUrl: string;
    cancelUrl: string;
    /** Where the API itself is reached (the local checkout page is served by the API). */
    apiOrigin: string;
  }): Promise<{ sessionId: string; url: string }>;
  /** Where the user sees invoices, changes plan, cancels or resumes. */
  createPortalSession(input: { userId: string; customerId: string; returnUrl: string; apiOrigin: string }): Promise<{ url: string }>;
}
