import { fakeApi, screen, waitFor, within } from '@kagami/shared/testing';
import { renderBilling } from '../components/render-billing';
import { leaveFor } from '../components/leave-for';
import { APP_PLANS, quotaJson, subscriptionJson } from '../test-data';
import Subscription from './subscription';

jest.mock('../components/leave-for', () => ({ leaveFor: jest.fn() }));

const billingRoutes = (subscription = subscriptionJson('free')) => ({
  'GET /api/users/subscription': { status: 200, body: subscription },
  'GET /api/users/api-subscription': { status: 200, body: { has_api_subscription: false, subscription: null } },
  'GET /api/users/quota': { status: 200, body: quotaJson },
  'GET /api/stripe/personal-plans': { status: 200, body: APP_PLANS },
});

const plansTable = () => screen.findByRole('table', { name: 'Plans compared' });

beforeEach(() => jest.mocked(leaveFor).mockClear());

test('a Free user sees the plans in USD, switches to yearly and is sent to checkout for Creator', async () => {
  const server = fakeApi({
    ...billingRoutes(),
    'POST /api/stripe/customer-session': { status: 200, body: { customer_id: 'cus_local_1' } },
    'POST /api/stripe/create-checkout-session': {
      status: 200,
      body: { session_id: 'cs_1', url: 'http://api.test/api/billing/checkout/cs_1' },
    },
  });
  const { user } = renderBilling(<Subscription />);
  const table = await plansTable();
  expect(within(table).getByText('$29 / month')).toBeInTheDocument();
  expect(within(table).getByText('Current plan')).toBeInTheDocument();
  expect(within(table).getByRole('link', { name: 'Contact sales' })).toHaveAttribute('href', '/contact-sales');

  await user.click(screen.getByRole('radio', { name: /Yearly/ }));
  expect(await within(table).findByText('$290 / year')).toBeInTheDocument();
  await user.click(within(table).getByRole('button', { name: 'Choose Creator' }));

  await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('http://api.test/api/billing/checkout/cs_1'));
  const checkout = server.calls.find((call) => call.route === 'POST /api/stripe/create-checkout-session')!;
  expect(checkout.body).toEqual({
    price_id: 'price_creator_year_usd',
    customer_id: 'cus_local_1',
    success_url: 'http://localhost/subscription?checkout=success&product=app',
    cancel_url: 'http://localhost/subscription?checkout=cancel&product=app',
    currency: 'usd',
  });
  expect(server.calls.find((call) => call.route === 'POST /api/stripe/customer-session')!.body).toEqual({
    email: 'aoki@example.com',
    user_id: 'me',
  });
});

test('in Japanese the plans are in yen; a refused checkout says why and nothing is left', async () => {
  fakeApi({
    ...billingRoutes(),
    'POST /api/stripe/create-checkout-session': { status: 409, body: { code: 'currency_mismatch', message: 'x' } },
  });
  const { user } = renderBilling(<Subscription />, { language: 'ja', profile: { stripeCustomerId: 'cus_1' } });
  const table = await screen.findByRole('table', { name: 'プランの比較' });
  expect(within(table).getByText('￥4,400 / 月')).toBeInTheDocument();
  await user.click(within(table).getByRole('button', { name: 'クリエイターを選ぶ' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('既に別の通貨でのサブスクリプションがあります。');
  expect(leaveFor).not.toHaveBeenCalled();
});

test('a JPY subscriber sees every plan in yen, cannot switch currency, changes plan in the portal', async () => {
  fakeApi({
    ...billingRoutes(subscriptionJson('creator', 'jpy', 'year')),
    'POST /api/stripe/billing-portal-session': { status: 200, body: { url: 'http://api.test/api/billing/portal/tok' } },
  });
  const { user } = renderBilling(<Subscription />, { subscription: { plan: { alias: 'creator', currency: 'jpy', interval: 'year' } } });
  const table = await plansTable();
  expect(within(table).getByText('¥44,000 / year')).toBeInTheDocument();
  expect(screen.getByLabelText('Currency')).toBeDisabled();
  expect(screen.getByText('Your plan is paid in JPY, so every plan is offered in JPY.')).toBeInTheDocument();
  expect(within(table).queryByRole('button', { name: /Choose/ })).not.toBeInTheDocument();
  expect(within(screen.getByTestId('current-plan')).getByText('Renews on November 20, 2027.')).toBeInTheDocument();
  await user.click(within(screen.getByTestId('current-plan')).getByRole('button', { name: 'Manage billing' }));
  await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('http://api.test/api/billing/portal/tok'));
});

test('the quota shows used and total of each allowance and the renewal date', async () => {
  fakeApi(billingRoutes());
  renderBilling(<Subscription />);
  expect(await screen.findByTestId('next-renewal')).toHaveTextContent('Usage renews on December 20, 2026.');
  expect(screen.getByTestId('quota-videoMinutes')).toHaveTextContent('1.5 of 3 min');
  expect(screen.getByTestId('quota-avatarSlots')).toHaveTextContent('1 of 1');
});

test('back from checkout, the new plan is shown; a cancelled checkout says nothing was charged', async () => {
  fakeApi(billingRoutes(subscriptionJson('creator', 'usd', 'month')));
  renderBilling(<Subscription />, { route: '/subscription?checkout=success&product=app' });
  expect(
    await screen.findByText('Thank you! You are now on the Creator plan. What you used this month carries over to it.'),
  ).toBeInTheDocument();

  fakeApi(billingRoutes());
  renderBilling(<Subscription />, { route: '/subscription?checkout=cancel&product=app' });
  expect(await screen.findByText('Checkout was cancelled. Nothing was charged.')).toBeInTheDocument();
});

test('plans that cannot be loaded say so, with a retry', async () => {
  const server = fakeApi({ ...billingRoutes(), 'GET /api/stripe/personal-plans': { status: 500, body: {} } });
  const { user } = renderBilling(<Subscription />);
  expect(await screen.findByText('The plan information could not be loaded.')).toBeInTheDocument();
  server.on('GET /api/stripe/personal-plans', { status: 200, body: APP_PLANS });
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await plansTable()).toBeInTheDocument();
});
