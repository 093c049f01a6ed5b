import { fakeApi, renderApp, screen, waitFor } from '@kagami/shared/testing';
import { sessionStatusAtom } from '@kagami/shared/session';
import { authResources } from '../../components/use-auth-translation';
import { LoginForm } from './login-form';

const render = (language: 'en' | 'ja' = 'en') =>
  renderApp(<LoginForm />, { route: '/login', language, namespaces: { auth: authResources } });

test('empty fields show the translated required message below each control, and nothing is sent', async () => {
  const server = fakeApi();
  const { user } = render();
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  expect(await screen.findAllByText('This field is required.')).toHaveLength(2);
  expect(server.calls).toEqual([]);
});

test('a wrong password shows the Caps Lock hint and keeps what was typed', async () => {
  fakeApi({ 'POST /api/login': { status: 401, body: { code: 'invalid_credentials', message: 'x' } } });
  const { user } = render();
  await user.type(screen.getByLabelText('E-mail address'), 'a@example.com');
  await user.type(screen.getByLabelText('Password'), 'wrong-one');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The e-mail address or password is incorrect. Check that Caps Lock is off.');
  expect(screen.getByLabelText('E-mail address')).toHaveValue('a@example.com');
});

test('a good login signs the session in', async () => {
  fakeApi({
    'POST /api/login': { status: 200, body: { access_token: 't', token_type: 'Bearer' } },
    'GET /api/profile': { status: 200, body: { id: 'u', name: 'A', email: 'a@example.com', teams: [], current_team: null } },
    'GET /api/users/subscription': { status: 200, body: {} },
    'GET /api/users/api-subscription': { status: 200, body: {} },
    'GET /api/users/quota': { status: 200, body: {} },
    'GET /api/teams': { status: 200, body: [] },
  });
  const { user, store } = render();
  await user.type(screen.getByLabelText('E-mail address'), 'a@example.com');
  await user.type(screen.getByLabelText('Password'), 'right-one');
  await user.click(screen.getByRole('button', { name: 'Log in' }));
  await waitFor(() => expect(store.get(sessionStatusAtom)).toBe('signedIn'));
});

test('in Japanese', async () => {
  fakeApi();
  render('ja');
  expect(screen.getByRole('heading', { name: 'Kagamiにログイン' })).toBeInTheDocument();
  expect(screen.getByLabelText('パスワード')).toBeInTheDocument();
  expect(screen.queryByTestId('google-sign-in')).not.toBeInTheDocument();
});
