import { fakeApi, screen, within } from '@kagami/shared/testing';
import { renderAccount } from '../../components/render-account';
import { ChangeEmailSection } from './change-email-section';

test('a Google account is told why its address cannot change here', () => {
  fakeApi();
  renderAccount(<ChangeEmailSection />, { profile: { provider: 'google' } });
  expect(screen.getByText(/managed by your Google account/)).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Send verification code' })).not.toBeInTheDocument();
});

test('the code popup confirms the new address; a wrong code is explained', async () => {
  const server = fakeApi({
    'POST /api/users/change-email-request': { status: 202, body: { resend_after_seconds: 60 } },
    'POST /api/users/change-email-verify-otp': ({ body }) =>
      body.otp === '123456'
        ? { status: 200, body: { id: 'me', name: 'Aoki', email: 'new@example.com', teams: [], current_team: null } }
        : { status: 400, body: { code: 'code_invalid' } },
  });
  const { user } = renderAccount(<ChangeEmailSection />);
  await user.type(screen.getByLabelText('New e-mail address'), 'New@example.com');
  await user.click(screen.getByRole('button', { name: 'Send verification code' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('We sent a 6-digit code to new@example.com.');
  await user.type(within(dialog).getByLabelText('Verification code'), '000000');
  await user.click(within(dialog).getByRole('button', { name: 'Change e-mail' }));
  expect(await within(dialog).findByText('The verification code is incorrect.')).toBeInTheDocument();
  await user.clear(within(dialog).getByLabelText('Verification code'));
  await user.type(within(dialog).getByLabelText('Verification code'), '123456');
  await user.click(within(dialog).getByRole('button', { name: 'Change e-mail' }));
  expect(await screen.findByText('Current address: new@example.com')).toBeInTheDocument();
  expect(server.calls[0]!.body).toEqual({ new_email: 'new@example.com', language: 'en' });
});
