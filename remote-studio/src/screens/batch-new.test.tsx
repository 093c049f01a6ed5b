import { fakeApi, screen, waitFor, within } from '@kagami/shared/testing';
import { renderStudio, TEAM } from '../components/render-studio';
import { batchJson, TEMPLATE_ID, templateJson } from '../testing/template-fixtures';
import BatchNew from './batch-new';

const TEMPLATE = `${TEAM}/templates/${TEMPLATE_ID}`;
const BATCHES = `POST ${TEMPLATE}/batches`;

const render = (language: 'en' | 'ja' = 'en') =>
  renderStudio(<BatchNew />, { route: `/templates/${TEMPLATE_ID}/batch`, path: '/templates/:templateId/batch', language });

const CSV = ['First Name;Title;Notes', 'Ada;Welcome Ada;vip', ';Welcome nobody;', '"Lovelace; Jr.";;'].join('\n');

test('a pasted CSV is mapped by column name, checked (every problem by row and column), then started', async () => {
  const server = fakeApi({
    [`GET ${TEMPLATE}`]: { status: 200, body: templateJson() },
    [BATCHES]: (request) =>
      request.body.dry_run
        ? {
            status: 200,
            body: {
              rows: 3,
              estimate_seconds: 14,
              seconds_left: 600,
              problems: [{ row: 2, column: 'first_name', problem: 'missing_value' }],
            },
          }
        : { status: 202, body: batchJson(['queued', 'queued']) },
  });
  const { user } = render();
  const csv = await screen.findByRole('textbox', { name: 'Rows as CSV' }, { timeout: 5000 });
  expect(screen.getByText(/At most 1,000 rows/)).toBeInTheDocument();
  await user.click(csv);
  await user.paste(CSV);
  expect(screen.getByTestId('csv-summary')).toHaveTextContent('Rows: 3 · columns: 3');

  // Each column to what its name says; a column of no variable is ignored.
  const mapping = screen.getByRole('table', { name: 'What each column gives' });
  expect(within(mapping).getByRole('combobox', { name: 'What “First Name” gives' })).toHaveValue('variable:first_name');
  expect(within(mapping).getByRole('combobox', { name: 'What “Title” gives' })).toHaveValue('column:title');
  expect(within(mapping).getByRole('combobox', { name: 'What “Notes” gives' })).toHaveValue('');
  expect(screen.getByRole('button', { name: 'Start batch' })).toBeDisabled();

  await user.click(screen.getByRole('button', { name: 'Check' }));
  const check = await screen.findByTestId('batch-check');
  expect(check).toHaveTextContent('About 1 min of video for 3 rows; your plan has 10 min left this period.');
  const problems = within(check).getAllByTestId('batch-problem');
  expect(problems).toHaveLength(1);
  expect(problems[0]).toHaveTextContent('Row 2');
  expect(problems[0]).toHaveTextContent('First Name → first_name');
  expect(problems[0]).toHaveTextContent('No value for first_name.');
  const dryRun = server.calls.find((call) => call.route === BATCHES)!;
  expect(dryRun.body).toEqual({
    dry_run: true,
    rows: [
      { variables: { first_name: 'Ada' }, title: 'Welcome Ada' },
      { variables: {}, title: 'Welcome nobody' },
      { variables: { first_name: 'Lovelace; Jr.' } },
    ],
  });
  // A problem that is not a warning keeps the batch from starting.
  expect(screen.getByRole('button', { name: 'Start batch' })).toBeDisabled();

  // The row without a name dropped, the Notes column used as the title instead: checked again, then started.
  await user.clear(csv);
  await user.paste(['First Name;Notes', 'Ada;vip', 'Grace;'].join('\n'));
  await user.selectOptions(screen.getByRole('combobox', { name: 'What “Notes” gives' }), 'column:title');
  expect(screen.queryByTestId('batch-check')).not.toBeInTheDocument();
  server.on(BATCHES, (request) =>
    request.body.dry_run
      ? { status: 200, body: { rows: 2, estimate_seconds: 8, seconds_left: 600, problems: [] } }
      : { status: 202, body: batchJson(['queued', 'queued']) },
  );
  await user.click(screen.getByRole('button', { name: 'Check' }));
  expect(await screen.findByText('Every row can be made.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Start batch' }));
  expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
  expect(server.calls.at(-1)!.body).toEqual({
    rows: [{ variables: { first_name: 'Ada' }, title: 'vip' }, { variables: { first_name: 'Grace' } }],
  });
});

test('a batch refused whole names its rows, in Japanese; more than 1,000 rows cannot be checked', async () => {
  fakeApi({
    [`GET ${TEMPLATE}`]: { status: 200, body: templateJson() },
    [BATCHES]: (request) =>
      request.body.dry_run
        ? { status: 200, body: { rows: 1, estimate_seconds: 4, seconds_left: 600, problems: [] } }
        : {
            status: 422,
            body: {
              code: 'batch_rows_invalid',
              message: '1 rows cannot be made.',
              rows: [{ row: 1, column: 'avatar_id', problem: 'not_ready' }],
            },
          },
  });
  const { user } = render('ja');
  const csv = await screen.findByRole('textbox', { name: 'CSV の行' }, { timeout: 5000 });
  await user.click(csv);
  await user.paste('first_name,avatar_id\nAda,00000000-0000-4000-8000-00000000c009');
  await user.click(screen.getByRole('button', { name: 'チェック' }));
  expect(await screen.findByText('すべての行を作成できます。')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'バッチを開始' }));
  const problem = await screen.findByTestId('batch-problem');
  expect(problem).toHaveTextContent('avatar_id：まだ準備ができていません。');
  expect(
    screen.getByText('1 行を作成できません。下に示された行を直してから、もう一度開始してください。何も開始されていません。'),
  ).toBeInTheDocument();
  expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();

  await user.clear(csv);
  await user.paste(['first_name', ...Array.from({ length: 1001 }, (_, index) => `Name ${index}`)].join('\n'));
  await waitFor(() => expect(screen.getByText(/最大 1,000 本です。この CSV には 1001 行あります/)).toBeInTheDocument());
  expect(screen.getByRole('button', { name: 'チェック' })).toBeDisabled();
});
