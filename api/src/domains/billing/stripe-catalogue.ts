// Setting up a Stripe account: creates the catalogue's products and prices once and returns the STRIPE_PRICES mapping.
import type Stripe from 'stripe';
import { planOf, PRICES } from './plans';

/**
 * Creates the catalogue's products and prices in a Stripe account (each price found again by its lookup
 * key, so running twice creates nothing new) and returns STRIPE_PRICES: catalogue price id -> Stripe price id.
 */
export async function createStripeCatalogue(stripe: Stripe): Promise<Record<string, string>> {
  const existing = await stripe.prices.list({ lookup_keys: PRICES.map((price) => price.id), limit: 100 });
  const mapping: Record<string, string> = Object.fromEntries(existing.data.map((price) => [price.lookup_key!, price.id]));
  const products = new Map<string, string>();
  for (const price of PRICES.filter((p) => !mapping[p.id])) {
    let product = products.get(price.alias);
    if (!product) {
      const plan = planOf(price.alias)!;
      product = (
        await stripe.products.create({
          name: `Kagami ${plan.name}`,
          metadata: { kagami_alias: plan.alias, product_type: plan.productType },
        })
      ).id;
      products.set(price.alias, product);
    }
    const created = await stripe.prices.create({
      product,
      currency: price.currency,
      unit_amount: price.unitAmount,
      recurring: { interval: price.interval },
      lookup_key: price.id,
    });
    mapping[price.id] = created.id;
  }
  return mapping;
}
