// pnpm stripe:catalogue — creates Kagami's plans in the Stripe account of STRIPE_SECRET_KEY and prints the
// STRIPE_PRICES line to put in the API's environment.
import Stripe from 'stripe';
import { createStripeCatalogue } from '../src/domains/billing/stripe-catalogue';

const secretKey = process.env.STRIPE_SECRET_KEY;
if (!secretKey) {
  console.error('Set STRIPE_SECRET_KEY to the secret key of the Stripe account (a test-mode key to try it).');
  process.exit(2);
}
const mapping = await createStripeCatalogue(new Stripe(secretKey));
console.log(`STRIPE_PRICES='${JSON.stringify(mapping)}'`);
