import { fakeApi, screen } from '@kagami/shared/testing';
import { renderAccount } from '../../components/render-account';
import { DeleteAccountSection } from './delete-account-section';

test('the typed address must match; a team with members blocks deletion and is named', async () => {
  const server = fakeApi({ 'DELETE /api/users/me': { status: 409, body: { code: 'team_has_members', teams: ['Aoki Studio'] } } });
  const { user } = renderAccount(<DeleteAccountSection />);
  await user.type(screen.getByLabelText('Type aoki@example.com to confirm'), 'someone@example.com');
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  expect(await screen.findByText('E-mail addresses do not match.')).toBeInTheDocument();
  expect(server.calls).toEqual([]);
  await user.clear(screen.getByLabelText('Type aoki@example.com to confirm'));
  await user.type(screen.getByLabelText('Type aoki@example.com to confirm'), 'Aoki@example.com');
  await user.click(screen.getByRole('button', { name: 'Delete my account' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('These teams you own still have other members: Aoki Studio.');
  expect(server.calls[0]!.body).toEqual({ email: 'Aoki@example.com' });
});
