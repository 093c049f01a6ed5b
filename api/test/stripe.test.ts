import { createServer, type Server } from 'node:http';
import Stripe from 'stripe';
import { eq } from 'drizzle-orm';
import { invoices } from '../src/db/schema';
import { PRICES as CATALOGUE } from '../src/domains/billing/plans';
import { createStripeCatalogue } from '../src/domains/billing/stripe-catalogue';
import { build, call, onboardedUser, type TestApp } from './helper';

/**
 * The `stripe` provider against a fake Stripe API (the SDK's host, port and protocol point at it) and
 * webhook events signed with stripe.webhooks.generateTestHeaderString. Nothing here talks to stripe.com.
 */
const WEBHOOK_SECRET = 'whsec_test_secret';
const PRICES = { price_creator_month_usd: 'price_S1', price_studio_month_usd: 'price_S2' };
let fake: Server;
const requests: { path: string; form: URLSearchParams }[] = [];
let t: TestApp;
let user: { token: string; teamId: string };
let userId: string;
const stripe = new Stripe('sk_test_fake');

beforeAll(async () => {
  fake = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => (body += chunk));
    request.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push({ path: request.url!, form });
      const reply = (object: Record<string, unknown>) => {
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify(object));
      };
      if (request.url === '/v1/customers') return reply({ id: 'cus_fake_1', object: 'customer', email: form.get('email') });
      if (request.url === '/v1/checkout/sessions')
        return reply({ id: 'cs_fake_1', object: 'checkout.session', url: 'https://checkout.stripe.test/pay/cs_fake_1' });
      if (request.url?.startsWith('/v1/prices?'))
        return reply({
          object: 'list',
          data: [{ id: 'price_S1', object: 'price', lookup_key: 'price_creator_month_usd' }],
          has_more: false,
        });
      if (request.url === '/v1/products') return reply({ id: `prod_${requests.length}`, object: 'product' });
      if (request.url === '/v1/prices') return reply({ id: `price_new_${form.get('lookup_key')}`, object: 'price' });
      if (request.url === '/v1/billing_portal/sessions')
        return reply({ id: 'bps_fake_1', object: 'billing_portal.session', url: 'https://billing.stripe.test/session/1' });
      response.writeHead(404, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ error: { message: 'no such route', type: 'invalid_request_error' } }));
    });
  });
  await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
  const { port } = fake.address() as { port: number };
  t = await build({
    STRIPE_SECRET_KEY: 'sk_test_fake',
    STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
    STRIPE_PRICES: JSON.stringify(PRICES),
    STRIPE_API_URL: `http://127.0.0.1:${port}`,
  });
  user = await onboardedUser(t.app, 'stripe@example.com', 'Stripe Team');
  userId = (await call(t.app, { url: '/api/profile', token: user.token })).body.id;
});
afterAll(async () => {
  await t.close();
  fake.close();
});

const post = (url: string, body: unknown) => call(t.app, { method: 'POST', url, token: user.token, body });

/** Sends an event to the webhook, signed as Stripe signs it (or with another secret). */
function deliver(event: Record<string, unknown>, secret = WEBHOOK_SECRET) {
  const payload = JSON.stringify(event);
  return t.app.inject({
    method: 'POST',
    url: '/api/stripe/webhook',
    headers: { 'content-type': 'application/json', 'stripe-signature': stripe.webhooks.generateTestHeaderString({ payload, secret }) },
    payload,
  });
}

const subscriptionEvent = (
  id: string,
  type: string,
  created: number,
  fields: { price: string; status: string; cancelAtPeriodEnd?: boolean },
) => ({
  id,
  object: 'event',
  type,
  created,
  data: {
    object: {
      id: 'sub_fake_1',
      object: 'subscription',
      customer: 'cus_fake_1',
      status: fields.status,
      cancel_at_period_end: fields.cancelAtPeriodEnd ?? false,
      metadata: { kagami_user_id: userId },
      items: { data: [{ price: { id: fields.price }, current_period_start: created, current_period_end: created + 30 * 86_400 }] },
    },
  },
});

test('checkout and the portal are Stripe sessions, created with the mapped Stripe price', async () => {
  const customer = (await post('/api/stripe/customer-session', { email: 'stripe@example.com', user_id: userId })).body.customer_id;
  expect(customer).toBe('cus_fake_1');
  const session = await post('/api/stripe/create-checkout-session', {
    price_id: 'price_creator_month_usd',
    customer_id: customer,
    success_url: 'http://localhost:8080/subscription?checkout=success',
    cancel_url: 'http://localhost:8080/subscription?checkout=cancel',
  });
  expect(session.body).toEqual({ session_id: 'cs_fake_1', url: 'https://checkout.stripe.test/pay/cs_fake_1' });
  const sent = requests.find((r) => r.path === '/v1/checkout/sessions')!.form;
  expect(sent.get('line_items[0][price]')).toBe('price_S1');
  expect(sent.get('mode')).toBe('subscription');
  expect(sent.get('customer')).toBe('cus_fake_1');
  expect((await post('/api/stripe/billing-portal-session', { return_url: 'http://localhost:8080/billing' })).body.url).toBe(
    'https://billing.stripe.test/session/1',
  );
});

test('a bad signature is refused with 400 and changes nothing', async () => {
  const forged = await deliver(
    subscriptionEvent('evt_forged', 'customer.subscription.created', 1_800_000_000, { price: 'price_S2', status: 'active' }),
    'whsec_other',
  );
  expect(forged.statusCode).toBe(400);
  expect(forged.json()).toMatchObject({ code: 'invalid_signature' });
  expect((await call(t.app, { url: '/api/users/subscription', token: user.token })).body.subscription.plan.alias).toBe('free');
});

test('events out of order and replayed leave the newest state, each handled once', async () => {
  const now = Math.floor(Date.now() / 1000);
  const created = subscriptionEvent('evt_1', 'customer.subscription.created', now - 60, { price: 'price_S1', status: 'active' });
  const upgraded = subscriptionEvent('evt_2', 'customer.subscription.updated', now - 30, { price: 'price_S2', status: 'active' });
  expect((await deliver(upgraded)).statusCode).toBe(200);
  expect((await deliver(created)).statusCode).toBe(200);
  expect((await deliver(upgraded)).statusCode).toBe(200);
  const plan = async () => (await call(t.app, { url: '/api/users/subscription', token: user.token })).body.subscription;
  expect(await plan()).toMatchObject({ plan: { alias: 'studio', price_id: 'price_studio_month_usd' }, status: 'active' });

  const invoice = {
    id: 'evt_3',
    object: 'event',
    type: 'invoice.paid',
    created: now - 20,
    data: {
      object: {
        id: 'in_fake_1',
        object: 'invoice',
        customer: 'cus_fake_1',
        amount_paid: 8900,
        amount_due: 8900,
        lines: { data: [{ pricing: { price_details: { price: 'price_S2' } } }] },
      },
    },
  };
  expect((await deliver(invoice)).statusCode).toBe(200);
  expect((await deliver(invoice)).statusCode).toBe(200);
  const paid = await t.database.db.select().from(invoices).where(eq(invoices.providerInvoiceId, 'in_fake_1'));
  expect(paid).toMatchObject([{ status: 'paid', amount: 8900, currency: 'usd', priceId: 'price_studio_month_usd' }]);
  const portal = (await post('/api/stripe/billing-portal-session', { return_url: 'http://localhost:8080/billing' })).body;
  expect(portal.url).toContain('billing.stripe.test');

  const canceled = subscriptionEvent('evt_4', 'customer.subscription.deleted', now - 10, { price: 'price_S2', status: 'canceled' });
  expect((await deliver(canceled)).statusCode).toBe(200);
  expect((await plan()).plan.alias).toBe('free');
});

test('stripe:catalogue creates the prices the account lacks and maps every catalogue price', async () => {
  const { port } = fake.address() as { port: number };
  const client = new Stripe('sk_test_fake', { host: '127.0.0.1', port, protocol: 'http' });
  const before = requests.length;
  const mapping = await createStripeCatalogue(client);
  expect(Object.keys(mapping).sort()).toEqual(CATALOGUE.map((price) => price.id).sort());
  expect(mapping.price_creator_month_usd).toBe('price_S1');
  expect(mapping.price_studio_year_jpy).toBe('price_new_price_studio_year_jpy');
  const created = requests.slice(before).filter((r) => r.path === '/v1/prices');
  expect(created).toHaveLength(CATALOGUE.length - 1);
  expect(created.find((r) => r.form.get('lookup_key') === 'price_studio_year_jpy')!.form.get('unit_amount')).toBe('135000');
  expect(requests.slice(before).filter((r) => r.path === '/v1/products')).toHaveLength(4);
});
