import { fakeApi, renderApp, screen, waitFor } from '@kagami/shared/testing';
import { sessionStatusAtom } from '@kagami/shared/session';
import { authResources } from '../../components/use-auth-translation';
import { SignupFlow } from './signup-flow';

const render = () => renderApp(<SignupFlow />, { route: '/signup', namespaces: { auth: authResources } });

async function throughStepTwo(user: ReturnType<typeof render>['user']) {
  await user.type(screen.getByLabelText('E-mail address'), 'New@Example.com');
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Step 2 of 3');
  await user.type(screen.getByLabelText('Password'), 'kagami-pass-1');
  await user.type(screen.getByLabelText('Confirm password'), 'kagami-pass-1');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Step 3 of 3');
}

test('step 1 needs the agreement, and a taken e-mail is said so under the form', async () => {
  const server = fakeApi({ 'POST /api/check-email': { status: 409, body: { code: 'email_taken', message: 'x' } } });
  const { user } = render();
  await user.type(screen.getByLabelText('E-mail address'), 'taken@example.com');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('You must agree to the privacy policy and terms of use.')).toBeInTheDocument();
  expect(server.calls).toEqual([]);
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('This e-mail address is already registered.')).toBeInTheDocument();
  expect(screen.getByText('Step 1 of 3')).toBeInTheDocument();
});

test('step 2 checks the confirmation; step 3 verifies the code and signs up', async () => {
  const server = fakeApi({
    'POST /api/check-email': { status: 200, body: { available: true } },
    'POST /api/auth/send-verification-code': { status: 202, body: { resend_after_seconds: 60 } },
    'POST /api/auth/verify-code': ({ body }) =>
      body.code === '123456' ? { status: 200, body: { verified: true } } : { status: 400, body: { code: 'code_invalid' } },
    'POST /api/auth/signup': { status: 201, body: { token: 'tok' } },
    'GET /api/profile': { status: 200, body: { id: 'u', name: null, email: 'new@example.com', teams: [], current_team: null } },
  });
  const { user, store } = render();
  await user.type(screen.getByLabelText('E-mail address'), 'New@Example.com');
  await user.click(screen.getByRole('checkbox'));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByText('Step 2 of 3');
  await user.type(screen.getByLabelText('Password'), 'kagami-pass-1');
  await user.type(screen.getByLabelText('Confirm password'), 'kagami-pass-2');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  expect(await screen.findByText('Passwords do not match.')).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Confirm password'));
  await user.type(screen.getByLabelText('Confirm password'), 'kagami-pass-1');
  await user.click(screen.getByRole('button', { name: 'Next' }));

  expect(await screen.findByText('Step 3 of 3')).toBeInTheDocument();
  expect(screen.getByText(/We sent a 6-digit code to new@example.com/)).toBeInTheDocument();
  expect(screen.getByRole('button', { name: /Resend code in (59|60) s/ })).toBeDisabled();
  await user.type(screen.getByLabelText('Verification code'), '12');
  await user.click(screen.getByRole('button', { name: 'Verify and create account' }));
  expect(await screen.findByText('Enter the 6-digit code.')).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Verification code'));
  await user.type(screen.getByLabelText('Verification code'), '654321');
  await user.click(screen.getByRole('button', { name: 'Verify and create account' }));
  expect(await screen.findByText('The verification code is incorrect.')).toBeInTheDocument();
  await user.clear(screen.getByLabelText('Verification code'));
  await user.type(screen.getByLabelText('Verification code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify and create account' }));
  await waitFor(() => expect(store.get(sessionStatusAtom)).toBe('signedIn'));
  const signup = server.calls.find((c) => c.route === 'POST /api/auth/signup')!;
  expect(signup.body).toMatchObject({ email: 'new@example.com', password: 'kagami-pass-1', code: '123456', language: 'en' });
});

test('resend is refused while the server says to wait, and shows how long', async () => {
  fakeApi({
    'POST /api/check-email': { status: 200, body: { available: true } },
    'POST /api/auth/send-verification-code': { status: 429, body: { code: 'too_many_requests', retry_after_seconds: 120 } },
  });
  const { user } = render();
  await throughStepTwo(user);
  expect(screen.getByRole('button', { name: /Resend code in 1[12]\d s/ })).toBeDisabled();
});
