import { fakeApi, screen, waitFor, within } from '@kagami/shared/testing';
import { renderAccount } from '../../components/render-account';
import { WebhooksSection } from './webhooks-section';

const TEAM = '/api/teams/00000000-0000-4000-8000-000000000001';
const SETTINGS = `GET ${TEAM}/webhooks`;
const ADD = `POST ${TEAM}/webhooks`;
const LOG = `GET ${TEAM}/webhooks/deliveries`;
const SECRET = 'whsec_c2VjcmV0c2VjcmV0c2VjcmV0c2VjcmV0';

const endpoint = { id: 'e1', url: 'https://hooks.example.com/kagami', events: ['video.ready'], created_at: '2026-11-22T08:00:00Z' };
const delivery = {
  id: 'd1',
  endpoint_id: 'e1',
  url: 'https://hooks.example.com/kagami',
  event: 'video.ready',
  status: 'succeeded',
  attempts: 3,
  last_status_code: 204,
  last_error: null,
  next_attempt_at: null,
  created_at: '2026-11-22T08:00:00Z',
  attempt_log: [
    { status_code: 500, error: 'webhook_status', duration_ms: 12, at: '2026-11-22T08:00:00Z' },
    { status_code: null, error: 'webhook_timeout', duration_ms: 10000, at: '2026-11-22T08:00:05Z' },
    { status_code: 204, error: null, duration_ms: 9, at: '2026-11-22T08:00:30Z' },
  ],
};

test('an owner adds an endpoint: a bad URL and no events are explained; a refused address shows why; then it is listed', async () => {
  const endpoints: (typeof endpoint)[] = [];
  const server = fakeApi({
    [SETTINGS]: () => ({ status: 200, body: { endpoints, signing_secret: SECRET } }),
    [LOG]: { status: 200, body: { items: [], page: 1, page_size: 10, total: 0 } },
    [ADD]: ({ body }) =>
      String(body.url).includes('192.168.')
        ? { status: 400, body: { code: 'webhook_url_private', message: 'private' } }
        : (endpoints.push({ ...endpoint, url: String(body.url), events: body.events as string[] }), { status: 201, body: endpoint }),
  });
  const { user } = renderAccount(<WebhooksSection />);
  expect(await screen.findByText('No endpoints yet.')).toBeInTheDocument();
  expect(await screen.findByText('No deliveries yet. Send a test event to see one here.')).toBeInTheDocument();

  const url = screen.getByLabelText('Endpoint URL');
  await user.type(url, 'not a url');
  await user.click(screen.getByRole('checkbox', { name: 'Video ready' }));
  await user.click(screen.getByRole('checkbox', { name: 'Video failed' }));
  await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
  expect(await screen.findByText('Enter a web address starting with https:// (or http:// outside production).')).toBeInTheDocument();
  expect(screen.getByText('Choose at least one event.')).toBeInTheDocument();

  await user.clear(url);
  await user.type(url, 'https://192.168.1.20/hook');
  await user.click(screen.getByRole('checkbox', { name: 'Avatar ready' }));
  await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
  expect(await screen.findByText(/must point to a public address/)).toBeInTheDocument();
  expect(url).toHaveValue('https://192.168.1.20/hook');

  await user.clear(url);
  await user.type(url, 'https://hooks.example.com/kagami');
  await user.click(screen.getByRole('button', { name: 'Add endpoint' }));
  const list = await screen.findByTestId('webhook-endpoints');
  expect(within(list).getByText('https://hooks.example.com/kagami')).toBeInTheDocument();
  expect(within(list).getByText('Avatar ready')).toBeInTheDocument();
  expect(server.calls.filter((c) => c.route === ADD).at(-1)!.body).toEqual({
    url: 'https://hooks.example.com/kagami',
    events: ['avatar.ready'],
  });
});

test('the signing secret is masked until shown; a test event is sent; the log shows every attempt and resends', async () => {
  const server = fakeApi({
    [SETTINGS]: { status: 200, body: { endpoints: [endpoint], signing_secret: SECRET } },
    [LOG]: { status: 200, body: { items: [delivery], page: 1, page_size: 10, total: 1 } },
    [`POST ${TEAM}/webhooks/e1/test`]: { status: 202, body: { delivery_id: 'd2' } },
    [`POST ${TEAM}/webhooks/deliveries/d1/resend`]: { status: 202, body: { delivery_id: 'd1' } },
  });
  const { user } = renderAccount(<WebhooksSection />);
  const secret = await screen.findByTestId('signing-secret');
  expect(secret).not.toHaveTextContent(SECRET);
  await user.click(screen.getByRole('button', { name: 'Show' }));
  expect(secret).toHaveTextContent(SECRET);

  await user.click(screen.getByRole('button', { name: 'Send test event' }));
  expect(await screen.findByText('Test event queued. Its delivery appears in the log below.')).toBeInTheDocument();
  expect(server.calls.some((c) => c.route === `POST ${TEAM}/webhooks/e1/test`)).toBe(true);

  const log = await screen.findByTestId('delivery-log');
  expect(within(log).getByText('Delivered')).toBeInTheDocument();
  await user.click(within(log).getByRole('button', { name: 'Attempts' }));
  const attempts = await screen.findByTestId('attempts-d1');
  expect(within(attempts).getAllByRole('listitem')).toHaveLength(3);
  expect(attempts).toHaveTextContent('500 — The endpoint answered with an error status.');
  expect(attempts).toHaveTextContent('no answer — The endpoint did not answer within 10 seconds.');
  await user.click(within(log).getByRole('button', { name: 'Resend' }));
  await waitFor(() => expect(server.calls.some((c) => c.route === `POST ${TEAM}/webhooks/deliveries/d1/resend`)).toBe(true));
});

test('a member sees endpoints and the log, without the secret or the controls', async () => {
  fakeApi({
    [SETTINGS]: { status: 200, body: { endpoints: [endpoint], signing_secret: null } },
    [LOG]: { status: 200, body: { items: [delivery], page: 1, page_size: 10, total: 1 } },
  });
  renderAccount(<WebhooksSection />, { role: 'member' });
  expect(await screen.findByText('https://hooks.example.com/kagami', { selector: 'p' })).toBeInTheDocument();
  expect(screen.getByText(/Only the team's owners can add or remove endpoints/)).toBeInTheDocument();
  expect(screen.queryByTestId('signing-secret')).not.toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Add endpoint|Send test event|Resend|Remove/ })).not.toBeInTheDocument();
});

test('an owner cancels a delivery still being retried: the log shows it cancelled, with no next attempt', async () => {
  let status = 'pending';
  const retrying = () => ({
    ...delivery,
    status,
    attempts: 1,
    last_status_code: 500,
    next_attempt_at: status === 'pending' ? '2026-11-22T09:00:00Z' : null,
    attempt_log: delivery.attempt_log.slice(0, 1),
  });
  const server = fakeApi({
    [SETTINGS]: { status: 200, body: { endpoints: [endpoint], signing_secret: SECRET } },
    [LOG]: () => ({ status: 200, body: { items: [retrying()], page: 1, page_size: 10, total: 1 } }),
    [`POST ${TEAM}/webhooks/deliveries/d1/cancel`]: () => ((status = 'cancelled'), { status: 200, body: { delivery_id: 'd1', status } }),
  });
  const { user } = renderAccount(<WebhooksSection />);
  const log = await screen.findByTestId('delivery-log');
  expect(await within(log).findByText('Retrying')).toBeInTheDocument();
  expect(within(log).queryByRole('button', { name: 'Resend' })).toBeNull();
  await user.click(within(log).getByRole('button', { name: 'Cancel' }));
  expect(await screen.findByText('The delivery was cancelled: it will not be sent again.')).toBeInTheDocument();
  expect(await within(log).findByText('Cancelled')).toBeInTheDocument();
  expect(within(log).queryByText(/Next attempt/)).toBeNull();
  expect(within(log).getByRole('button', { name: 'Resend' })).toBeInTheDocument();
  expect(server.calls.filter((c) => c.route === `POST ${TEAM}/webhooks/deliveries/d1/cancel`)).toHaveLength(1);
});
