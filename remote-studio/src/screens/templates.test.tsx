import { fakeApi, screen, waitFor, within } from '@kagami/shared/testing';
import { renderStudio, TEAM } from '../components/render-studio';
import { BATCH_ID, batchSummaryJson, TEMPLATE_ID, templateJson } from '../testing/template-fixtures';
import Templates from './templates';

const TEMPLATES = `${TEAM}/templates`;
const BATCHES = `${TEAM}/batches`;

test('the templates are listed with their variables and scenes, each one with its actions; the recent batches below', async () => {
  fakeApi({
    [`GET ${TEMPLATES}`]: {
      status: 200,
      body: { data: [templateJson(), templateJson({ id: 't-2', name: 'Plain', variables: [], variable_details: [], scene_count: 3 })] },
    },
    [`GET ${BATCHES}`]: {
      status: 200,
      body: { data: [batchSummaryJson(['ready', 'failed', 'in_progress', 'queued'], { name: 'Onboarding batch' })] },
    },
  });
  renderStudio(<Templates />);
  const card = await screen.findByRole('article', { name: 'Welcome' }, { timeout: 5000 });
  const variables = within(card).getByRole('list', { name: 'Variables' });
  expect(
    within(variables)
      .getAllByRole('listitem')
      .map((item) => item.textContent),
  ).toEqual(['first_name', 'company']);
  expect(within(card).getByText(/Scenes: 1/)).toBeInTheDocument();
  expect(within(card).getByRole('link', { name: 'Make a video' })).toHaveAttribute('href', `/templates/${TEMPLATE_ID}`);
  expect(within(card).getByRole('link', { name: 'Start a batch' })).toHaveAttribute('href', `/templates/${TEMPLATE_ID}/batch`);
  expect(within(card).getByRole('button', { name: 'Rename Welcome' })).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Duplicate Welcome' })).toBeInTheDocument();
  expect(within(card).getByRole('button', { name: 'Delete Welcome' })).toBeInTheDocument();
  const plain = screen.getByRole('article', { name: 'Plain' });
  expect(within(plain).getByText('No variables: every video made from it is the same.')).toBeInTheDocument();
  expect(within(plain).getByText(/Scenes: 3/)).toBeInTheDocument();

  const batches = await screen.findByRole('list', { name: 'Recent batches' });
  const batch = within(batches).getByRole('listitem');
  expect(within(batch).getByRole('link', { name: 'Onboarding batch' })).toHaveAttribute('href', `/batches/${BATCH_ID}`);
  expect(batch).toHaveTextContent('Ready: 1 of 4 · failed: 1');
  expect(within(batch).getByTestId('batch-status')).toHaveTextContent('In progress');
});

test('no templates yet: says how to make one; no batches: says how to start one', async () => {
  fakeApi({ [`GET ${TEMPLATES}`]: { status: 200, body: { data: [] } }, [`GET ${BATCHES}`]: { status: 200, body: { data: [] } } });
  renderStudio(<Templates />);
  const empty = await screen.findByTestId('templates-empty', {}, { timeout: 5000 });
  expect(within(empty).getByText('No templates yet')).toBeInTheDocument();
  expect(empty).toHaveTextContent('choose “Save as template”');
  expect(empty).toHaveTextContent('Write {{first_name}} (or {{first_name|there}} with a default)');
  expect(within(empty).getByRole('link', { name: 'Go to the video list' })).toHaveAttribute('href', '/videos');
  expect(await screen.findByText('No batches yet. Start one from a template with “Start a batch”.')).toBeInTheDocument();
});

test('a list that cannot load says so and is asked again on Retry', async () => {
  let fail = true;
  fakeApi({
    [`GET ${TEMPLATES}`]: () =>
      fail ? { status: 500, body: { code: 'database_unavailable' } } : { status: 200, body: { data: [templateJson()] } },
    [`GET ${BATCHES}`]: { status: 200, body: { data: [] } },
  });
  const { user } = renderStudio(<Templates />, { language: 'ja' });
  const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
  fail = false;
  await user.click(within(alert).getByRole('button', { name: '再試行' }));
  expect(await screen.findByRole('article', { name: 'Welcome' })).toBeInTheDocument();
  expect(screen.getByText('シーン数：1', { exact: false })).toBeInTheDocument();
});

test('rename sends the whole template back with its new name; duplicate posts a copy; delete asks first', async () => {
  let names = ['Welcome'];
  const server = fakeApi({
    [`GET ${TEMPLATES}`]: () => ({ status: 200, body: { data: names.map((name, index) => templateJson({ id: `t-${index}`, name })) } }),
    [`GET ${BATCHES}`]: { status: 200, body: { data: [] } },
    [`PUT ${TEMPLATES}/t-0`]: (request) => {
      names = [String(request.body.name)];
      return { status: 200, body: templateJson({ id: 't-0', name: request.body.name }) };
    },
    [`POST ${TEMPLATES}`]: (request) => {
      names = [...names, String(request.body.name)];
      return { status: 201, body: templateJson({ id: 't-1', name: request.body.name }) };
    },
    [`DELETE ${TEMPLATES}/t-1`]: () => {
      names = names.slice(0, 1);
      return { status: 204 };
    },
  });
  const { user } = renderStudio(<Templates />);
  await user.click(await screen.findByRole('button', { name: 'Rename Welcome' }, { timeout: 5000 }));
  const dialog = await screen.findByRole('alertdialog');
  const name = within(dialog).getByLabelText('Template name');
  await user.clear(name);
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await within(dialog).findByText('This field is required.')).toBeInTheDocument();
  await user.type(name, 'Welcome aboard');
  await user.click(within(dialog).getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('article', { name: 'Welcome aboard' })).toBeInTheDocument();
  const put = server.calls.find((call) => call.route === `PUT ${TEMPLATES}/t-0`)!;
  // The body as the API keeps it (snake_case again), placeholders and all, with the new name.
  expect(put.body).toMatchObject({ name: 'Welcome aboard', aspect_ratio: '16:9', language: 'en' });
  expect((put.body.scenes as { script: string; avatar_id: string }[])[0]).toMatchObject({
    script: 'Hello {{first_name}}, welcome to {{company|Kagami}}.',
    avatar_id: templateJson().body.avatar_id,
  });

  await user.click(screen.getByRole('button', { name: 'Duplicate Welcome aboard' }));
  expect(await screen.findByRole('article', { name: 'Welcome aboard (copy)' })).toBeInTheDocument();
  expect(server.calls.find((call) => call.route === `POST ${TEMPLATES}`)!.body).toMatchObject({
    name: 'Welcome aboard (copy)',
    aspect_ratio: '16:9',
  });

  await user.click(screen.getByRole('button', { name: 'Delete Welcome aboard (copy)' }));
  const confirm = await screen.findByRole('alertdialog', { name: 'Delete template' });
  expect(confirm).toHaveTextContent('The videos and batches made from it stay.');
  await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
  await waitFor(() => expect(screen.queryByRole('article', { name: 'Welcome aboard (copy)' })).not.toBeInTheDocument());
  expect(server.calls.filter((call) => call.route === `DELETE ${TEMPLATES}/t-1`)).toHaveLength(1);
});
