import { fakeApi, screen, waitFor } from '@kagami/shared/testing';
import { renderAccount } from '../../components/render-account';
import { ApiKeyPanel } from './api-key-panel';

const KEY_URL = 'GET /api/teams/00000000-0000-4000-8000-000000000001/api-key';
const GENERATE = 'POST /api/teams/00000000-0000-4000-8000-000000000001/api-key';

test('an owner generates a key: it is shown once, then only its prefix', async () => {
  let exists = false;
  const server = fakeApi({
    [KEY_URL]: () => ({
      status: 200,
      body: exists
        ? { exists: true, prefix: 'kgm_abc123', created_at: '2026-11-22T08:00:00Z' }
        : { exists: false, prefix: null, created_at: null },
    }),
    [GENERATE]: () => (
      (exists = true),
      { status: 201, body: { api_key: 'kgm_abc123SECRET', prefix: 'kgm_abc123', created_at: '2026-11-22T08:00:00Z' } }
    ),
  });
  const { user } = renderAccount(<ApiKeyPanel />);
  expect(await screen.findByText('This team has no API key yet.')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Generate API key' }));
  expect(await screen.findByTestId('new-api-key')).toHaveTextContent('kgm_abc123SECRET');
  await waitFor(() => expect(screen.getByTestId('api-key-status')).toHaveTextContent('kgm_abc123…'));
  expect(server.calls.filter((c) => c.route === GENERATE)).toHaveLength(1);

  await user.click(screen.getByRole('button', { name: 'Regenerate API key' }));
  expect(await screen.findByText(/The current key stops working at once/)).toBeInTheDocument();
});

test('a member sees whether a key exists, without the controls', async () => {
  fakeApi({ [KEY_URL]: { status: 200, body: { exists: true, prefix: 'kgm_zz', created_at: '2026-11-22T08:00:00Z' } } });
  renderAccount(<ApiKeyPanel />, { role: 'member' });
  expect(await screen.findByTestId('api-key-status')).toHaveTextContent('kgm_zz…');
  expect(screen.getByText("Only the team's owners can generate or regenerate the API key.")).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Generate|Regenerate/ })).not.toBeInTheDocument();
});

test('a failed load offers a retry', async () => {
  const server = fakeApi({ [KEY_URL]: { status: 500, body: { code: 'unknown' } } });
  const { user } = renderAccount(<ApiKeyPanel />);
  expect(await screen.findByText('Something went wrong. Please try again later.')).toBeInTheDocument();
  server.on(KEY_URL, { status: 200, body: { exists: false, prefix: null, created_at: null } });
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('This team has no API key yet.')).toBeInTheDocument();
});
