import { fakeApi, renderApp, screen } from '@kagami/shared/testing';
import { authResources } from '../../components/use-auth-translation';
import { ResetPasswordForm } from './reset-password-form';

const render = (route: string) => renderApp(<ResetPasswordForm />, { route, namespaces: { auth: authResources } });

test('a link without a token says so and offers a new one', () => {
  fakeApi();
  render('/reset-password');
  expect(screen.getByRole('alert')).toHaveTextContent('This reset link is incomplete.');
  expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();
});

test('an expired link is explained (401) and a good one sets the password', async () => {
  const server = fakeApi({ 'POST /api/auth/reset-password': { status: 401, body: { code: 'reset_link_invalid' } } });
  const { user } = render('/reset-password?token=abc');
  await user.type(screen.getByLabelText('New password'), 'new-pass-123');
  await user.type(screen.getByLabelText('Confirm password'), 'new-pass-123');
  await user.click(screen.getByRole('button', { name: 'Set password' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');
  expect(screen.getByRole('link', { name: 'Request a new link' })).toBeInTheDocument();

  server.on('POST /api/auth/reset-password', { status: 200, body: { reset: true } });
  await user.click(screen.getByRole('button', { name: 'Set password' }));
  expect(await screen.findByText('Your password was changed. Log in with the new password.')).toBeInTheDocument();
  expect(server.calls.at(-1)!.body).toEqual({ token: 'abc', password: 'new-pass-123' });
});
