import { fakeApi, screen, waitFor } from '@kagami/shared/testing';
import { renderBilling } from '../components/render-billing';
import { leaveFor } from '../components/leave-for';
import Billing from './billing';

jest.mock('../components/leave-for', () => ({ leaveFor: jest.fn() }));

test('the billing portal opens, returning to Billing; a failure shows the message', async () => {
  const server = fakeApi({ 'POST /api/stripe/billing-portal-session': { status: 502, body: { code: 'unknown' } } });
  const { user } = renderBilling(<Billing />, {
    subscription: {
      plan: { alias: 'studio', interval: 'month', currency: 'usd' },
      currentPeriodEnd: '2026-12-20T00:00:00.000Z',
      cancelAtPeriodEnd: true,
    },
  });
  expect(screen.getByText('Cancelled: the plan ends on December 20, 2026, and nothing more is charged.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Open billing portal' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The billing page could not be opened. Please try again later.');
  expect(leaveFor).not.toHaveBeenCalled();

  server.on('POST /api/stripe/billing-portal-session', { status: 200, body: { url: 'http://api.test/api/billing/portal/tok' } });
  await user.click(screen.getByRole('button', { name: 'Open billing portal' }));
  await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('http://api.test/api/billing/portal/tok'));
  expect(server.calls.at(-1)!.body).toEqual({ return_url: 'http://localhost/billing' });
});
