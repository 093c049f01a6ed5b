import { fakeApi, screen, waitFor, within } from '@kagami/shared/testing';
import { renderStudio, TEAM } from '../components/render-studio';
import { BATCH_ID, batchJson } from '../testing/template-fixtures';
import Batch from './batch';

const BATCH = `${TEAM}/batches/${BATCH_ID}`;

const render = (language: 'en' | 'ja' = 'en') =>
  renderStudio(<Batch />, { route: `/batches/${BATCH_ID}`, path: '/batches/:batchId', language });

afterEach(() => jest.restoreAllMocks());

const count = (name: string) => screen.getByTestId(`batch-count-${name}`).lastChild?.textContent;

test('the batch: its counts and progress, a line per row with its status, why one failed and the ready video; cancelled after asking', async () => {
  const running = batchJson(['ready', 'failed', 'in_progress', 'queued']);
  const server = fakeApi({
    [`GET ${BATCH}`]: { status: 200, body: running },
    [`POST ${BATCH}/cancel`]: () => {
      const cancelled = batchJson(['ready', 'failed', 'in_progress', 'cancelled'], { status: 'cancelled' });
      server.on(`GET ${BATCH}`, { status: 200, body: cancelled });
      return { status: 200, body: cancelled };
    },
  });
  const { user } = render();
  await screen.findByTestId('batch-view', {}, { timeout: 5000 });
  expect(screen.getByRole('heading', { name: 'Welcome', level: 1 })).toBeInTheDocument();
  expect(screen.getByTestId('batch-status')).toHaveTextContent('In progress');
  expect([count('total'), count('ready'), count('failed'), count('inProgress'), count('queued'), count('cancelled')]).toEqual([
    '4',
    '1',
    '1',
    '1',
    '1',
    '0',
  ]);
  expect(screen.getByTestId('batch-progress')).toHaveTextContent('2 of 4 done');
  expect(screen.getByRole('progressbar', { name: 'Batch progress' })).toHaveAttribute('aria-valuenow', '50');

  const rows = within(screen.getByRole('table', { name: 'Videos of the batch' })).getAllByTestId('batch-item');
  expect(rows.map((row) => row.getAttribute('data-status'))).toEqual(['ready', 'failed', 'in_progress', 'queued']);
  expect(within(rows[0]!).getByRole('link', { name: 'Open the video “Welcome (Ada)”' })).toHaveAttribute(
    'href',
    `/videos/processing?video=${running.rows[0]!.video_id}`,
  );
  expect(rows[1]).toHaveTextContent('Failed');
  expect(rows[1]).toHaveTextContent(/plan/i);
  expect(within(rows[2]!).queryByRole('link')).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Retry failed rows' })).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Download results (CSV)' })).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Cancel batch' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Cancel this batch?' });
  expect(dialog).toHaveTextContent('Rows not started yet are cancelled and not charged');
  await user.click(within(dialog).getByRole('button', { name: 'Cancel batch' }));
  await waitFor(() => expect(screen.getByTestId('batch-status')).toHaveTextContent('Cancelled'));
  expect(server.calls.filter((call) => call.route === `POST ${BATCH}/cancel`)).toHaveLength(1);
  expect(count('cancelled')).toBe('1');
  expect(screen.queryByRole('button', { name: 'Cancel batch' })).not.toBeInTheDocument();
});

test('a batch in progress is asked again until it ends; retry makes the failed rows again; the results download as CSV', async () => {
  let reads = 0;
  const server = fakeApi({
    [`GET ${BATCH}`]: () => {
      reads += 1;
      return {
        status: 200,
        body: reads === 1 ? batchJson(['ready', 'in_progress']) : batchJson(['ready', 'failed'], { status: 'completed_with_errors' }),
      };
    },
    [`POST ${BATCH}/retry`]: { status: 200, body: batchJson(['ready', 'queued']) },
    [`GET ${BATCH}/results.csv`]: { status: 200, body: 'row,title\n1,Welcome (Ada)\n', contentType: 'text/csv' },
  });
  URL.createObjectURL = jest.fn(() => 'blob:csv');
  URL.revokeObjectURL = jest.fn();
  const { user } = render('ja');
  await screen.findByTestId('batch-view', {}, { timeout: 5000 });
  expect(screen.getByTestId('batch-status')).toHaveTextContent('処理中');
  // Refreshed while it runs (every 2 s), and no longer once it ended.
  await waitFor(() => expect(screen.getByTestId('batch-status')).toHaveTextContent('完了（エラーあり）'), { timeout: 5000 });
  expect(screen.getByTestId('batch-progress')).toHaveTextContent('2 本中 2 本が終了');

  const saved: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(`${this.download} ${this.href}`);
  });
  await user.click(screen.getByRole('button', { name: '結果をダウンロード（CSV）' }));
  await waitFor(() => expect(saved).toEqual([`kagami-batch-${BATCH_ID}.csv blob:csv`]));
  expect(server.calls.find((call) => call.route === `GET ${BATCH}/results.csv`)!.url.searchParams.get('share')).toBe('true');

  await user.click(screen.getByRole('button', { name: '失敗した行を再試行' }));
  await waitFor(() => expect(screen.getByTestId('batch-status')).toHaveTextContent('処理中'));
  expect(server.calls.filter((call) => call.route === `POST ${BATCH}/retry`)).toHaveLength(1);
});

test('a batch that is not the team’s says so', async () => {
  fakeApi({ [`GET ${BATCH}`]: { status: 404, body: { code: 'not_found' } } });
  render();
  expect(await screen.findByText('This batch was not found.', {}, { timeout: 5000 })).toBeInTheDocument();
});
