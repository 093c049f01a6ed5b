import { fakeApi, screen, within } from '@kagami/shared/testing';
import { renderAccount } from '../components/render-account';
import ProfileScreen from './profile';

const TEAM = '00000000-0000-4000-8000-000000000001';

test('a changed e-mail address shows at once in the team’s member list', async () => {
  let email = 'aoki@example.com';
  const member = () => ({ user_id: 'me', name: 'Aoki', email, role: 'owner', joined_at: '2026-11-01T00:00:00Z' });
  fakeApi({
    [`GET /api/teams/${TEAM}/members`]: () => ({ status: 200, body: { members: [member()], invitations: [] } }),
    'GET /api/teams': () => ({ status: 200, body: [{ id: TEAM, name: 'Aoki Studio', role: 'owner' }] }),
    'POST /api/users/change-email-request': { status: 202, body: { resend_after_seconds: 60 } },
    'POST /api/users/change-email-verify-otp': () => {
      email = 'new@example.com';
      const team = { id: TEAM, name: 'Aoki Studio', role: 'owner' };
      return { status: 200, body: { id: 'me', name: 'Aoki', email, teams: [team], current_team: team } };
    },
  });
  const { user } = renderAccount(<ProfileScreen />);
  const members = screen.getByRole('region', { name: 'Team and members' });
  expect(await within(members).findByText('aoki@example.com')).toBeInTheDocument();

  await user.type(screen.getByLabelText('New e-mail address'), 'new@example.com');
  await user.click(screen.getByRole('button', { name: 'Send verification code' }));
  const dialog = await screen.findByRole('alertdialog');
  await user.type(within(dialog).getByLabelText('Verification code'), '123456');
  await user.click(within(dialog).getByRole('button', { name: 'Change e-mail' }));
  expect(await within(members).findByText('new@example.com')).toBeInTheDocument();
  expect(within(members).queryByText('aoki@example.com')).toBeNull();
});
