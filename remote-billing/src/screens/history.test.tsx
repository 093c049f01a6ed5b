import { cleanup, fakeApi, screen, waitFor, within } from '@kagami/shared/testing';
import { renderBilling } from '../components/render-billing';
import History from './history';

const row = (index: number) => ({
  created_at: `2026-11-${String(10 + (index % 10)).padStart(2, '0')}T09:30:00.000Z`,
  type: 'video_generation',
  name: `Launch video ${index}`,
  duration_minutes: 1.5,
  creator: 'Aoki',
  created_via: 'app',
});

const page = (url: URL, total: number) => {
  const number = Number(url.searchParams.get('page'));
  const size = Number(url.searchParams.get('page_size'));
  const items = Array.from({ length: Math.max(0, Math.min(size, total - (number - 1) * size)) }, (_, i) => row((number - 1) * size + i));
  return { status: 200, body: { items, page: number, page_size: size, total } };
};

test('App History lists the rows a page at a time; the API tab asks for API rows', async () => {
  const server = fakeApi({ 'GET /api/teams/*/history': ({ url }) => page(url, url.searchParams.get('type') === 'api' ? 0 : 45) });
  const { user } = renderBilling(<History />);
  const table = await screen.findByRole('table', { name: 'App History' });
  expect(within(table).getAllByRole('row')).toHaveLength(21);
  expect(within(table).getByText('Launch video 0')).toBeInTheDocument();
  expect(within(table).getAllByText('Video')[0]).toBeInTheDocument();
  expect(within(table).getAllByText('1.5 min')[0]).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: /page 3/i }));
  expect(await within(table).findByText('Launch video 40')).toBeInTheDocument();
  expect(within(table).getAllByRole('row')).toHaveLength(6);

  await user.click(screen.getByRole('tab', { name: 'API History' }));
  expect(await screen.findByText('What your team creates with the API key appears here.')).toBeInTheDocument();
  const apiCall = server.calls.findLast((call) => call.route.endsWith('/history'))!;
  expect(Object.fromEntries(apiCall.url.searchParams)).toEqual({ type: 'api', page: '1', page_size: '20' });
});

test('an end date before the start gets SPEC message and no request; a valid period is asked for from page 1', async () => {
  const server = fakeApi({ 'GET /api/teams/*/history': ({ url }) => page(url, 3) });
  const { user } = renderBilling(<History />);
  await screen.findByRole('table', { name: 'App History' });
  const calls = server.calls.length;
  await user.type(screen.getByLabelText('From'), '2026-11-20');
  await user.type(screen.getByLabelText('To'), '2026-11-10');
  await user.click(screen.getByRole('button', { name: 'Show' }));
  expect(await screen.findByText('Display period is not correct. End date must be on or after start date.')).toBeInTheDocument();
  expect(server.calls).toHaveLength(calls);

  await user.clear(screen.getByLabelText('To'));
  await user.type(screen.getByLabelText('To'), '2026-11-30');
  await user.click(screen.getByRole('button', { name: 'Show' }));
  await waitFor(() =>
    expect(Object.fromEntries(server.calls.at(-1)!.url.searchParams)).toEqual({
      type: 'app',
      from: '2026-11-20',
      to: '2026-11-30',
      page: '1',
      page_size: '20',
    }),
  );
  expect(screen.queryByText(/Display period is not correct/)).not.toBeInTheDocument();
});

test('a history that cannot be loaded says so and retries; the CSV of the period downloads', async () => {
  const server = fakeApi({ 'GET /api/teams/*/history': { status: 500, body: {} } });
  const { user } = renderBilling(<History />);
  expect(await screen.findByText('The history could not be loaded.')).toBeInTheDocument();
  server.on('GET /api/teams/*/history', ({ url }) => page(url, 2));
  server.on('GET /api/teams/*/history.csv', { status: 200, body: 'created_at,type\n', contentType: 'text/csv' });
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  await screen.findByRole('table', { name: 'App History' });
  const createObjectURL = jest.fn(() => 'blob:history');
  Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
  const saved: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(`${this.download} ${this.href}`);
  });
  await user.click(screen.getByRole('button', { name: 'Download CSV' }));
  await waitFor(() => expect(saved).toEqual(['kagami-app-history.csv blob:history']));
  expect(server.calls.at(-1)!.route).toMatch(/\/history\.csv$/);
  expect(Object.fromEntries(server.calls.at(-1)!.url.searchParams)).toEqual({ type: 'app' });
});

test('rows made with the API key read "API" with the team, in en and ja', async () => {
  const apiRow = { ...row(1), creator: null, created_via: 'api' };
  fakeApi({ 'GET /api/teams/*/history': { status: 200, body: { items: [apiRow], page: 1, page_size: 20, total: 1 } } });
  renderBilling(<History />);
  const table = await screen.findByRole('table', { name: 'App History' });
  expect(within(table).getByText('API (Aoki Studio)')).toBeInTheDocument();
  expect(within(table).queryByText('Deleted user')).toBeNull();
  cleanup();
  renderBilling(<History />, { language: 'ja' });
  expect(await screen.findByText('API（Aoki Studio）')).toBeInTheDocument();
});

test("a video made in a batch names its batch under its name, linking to the batch's page", async () => {
  const batchRow = { ...row(2), name: 'Welcome (Ada)', batch: { id: 'b-1', name: 'Welcome' } };
  fakeApi({
    'GET /api/teams/*/history': { status: 200, body: { items: [batchRow, { ...row(3), batch: null }], page: 1, page_size: 20, total: 2 } },
  });
  renderBilling(<History />);
  const table = await screen.findByRole('table', { name: 'App History' });
  const [, first, second] = within(table).getAllByRole('row');
  expect(within(first!).getByText('Welcome (Ada)')).toBeInTheDocument();
  expect(within(first!).getByRole('link', { name: 'Batch: Welcome' })).toHaveAttribute('href', '/batches/b-1');
  expect(within(second!).queryByRole('link')).not.toBeInTheDocument();
  cleanup();
  renderBilling(<History />, { language: 'ja' });
  expect(await screen.findByRole('link', { name: 'バッチ：Welcome' })).toHaveAttribute('href', '/batches/b-1');
});
