import { createStore } from 'jotai';
import { fakeApi, renderApp, screen, waitFor } from '@kagami/shared/testing';
import { runtimeConfigAtom, sessionStatusAtom } from '@kagami/shared/session';
import { authResources } from './use-auth-translation';
import { GoogleButton } from './google-button';

// Google's own button loads Google's script; in jsdom it is a button that hands back an ID token.
jest.mock('@react-oauth/google', () => ({
  GoogleLogin: ({ onSuccess }: { onSuccess: (response: { credential: string }) => void }) => (
    <button type="button" onClick={() => onSuccess({ credential: 'google-id-token' })}>
      Sign in with Google
    </button>
  ),
}));

const SIGNED_IN = {
  'GET /api/profile': { status: 200, body: { id: 'u', name: 'A', email: 'both@example.com', teams: [], current_team: null } },
  'GET /api/users/subscription': { status: 200, body: {} },
  'GET /api/users/api-subscription': { status: 200, body: {} },
  'GET /api/users/quota': { status: 200, body: {} },
  'GET /api/teams': { status: 200, body: [] },
};

const render = (language: 'en' | 'ja' = 'en') => {
  const store = createStore();
  store.set(runtimeConfigAtom, { googleClientId: 'client' });
  return renderApp(<GoogleButton mode="login" />, { route: '/login', language, store, namespaces: { auth: authResources } });
};

test('a password account of the same address: the code mailed there is asked for, and links Google and signs in', async () => {
  const server = fakeApi({
    'POST /api/google/login': {
      status: 409,
      body: { code: 'google_link_required', message: 'x', link_token: 'link-1', email: 'both@example.com' },
    },
    'POST /api/google/link': { status: 400, body: { code: 'code_invalid', message: 'x' } },
    ...SIGNED_IN,
  });
  const { user, store } = render();
  await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Link your Google account' });
  expect(dialog).toHaveTextContent('both@example.com already has a Kagami account with a password.');
  expect(store.get(sessionStatusAtom)).not.toBe('signedIn');

  await user.type(screen.getByLabelText('Verification code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
  expect(await screen.findByText('The verification code is incorrect.')).toBeInTheDocument();

  server.on('POST /api/google/link', () => ({ status: 200, body: { access_token: 't', token_type: 'Bearer' } }));
  await user.click(screen.getByRole('button', { name: 'Link and sign in' }));
  await waitFor(() => expect(store.get(sessionStatusAtom)).toBe('signedIn'));
  expect(server.calls.filter((c) => c.route === 'POST /api/google/link').at(-1)?.body).toEqual({ link_token: 'link-1', code: '123456' });
});

test('another refusal shows below the button, translated', async () => {
  fakeApi({ 'POST /api/google/login': { status: 401, body: { code: 'google_token_invalid', message: 'x' } } });
  const { user } = render('ja');
  await user.click(screen.getByRole('button', { name: 'Sign in with Google' }));
  expect(await screen.findByText('Googleログインを確認できませんでした。もう一度お試しください。')).toBeInTheDocument();
  expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
});
