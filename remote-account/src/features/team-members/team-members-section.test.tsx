import { fakeApi, screen, waitFor, within } from '@kagami/shared/testing';
import { renderAccount } from '../../components/render-account';
import { TeamMembersSection } from './team-members-section';

const TEAM = '00000000-0000-4000-8000-000000000001';
const members = (withInvites: boolean) => ({
  status: 200,
  body: {
    members: [
      { user_id: 'me', name: 'Aoki', email: 'aoki@example.com', role: 'owner', joined_at: '2026-11-01T00:00:00Z' },
      { user_id: 'u2', name: 'Ben', email: 'ben@example.com', role: 'member', joined_at: '2026-11-02T00:00:00Z' },
    ],
    invitations: withInvites
      ? [{ id: 'i1', email: 'cy@example.com', language: 'en', expires_at: '2026-11-29T00:00:00Z', created_at: '2026-11-22T00:00:00Z' }]
      : [],
  },
});

test('an owner removes a member after confirming', async () => {
  const server = fakeApi({
    [`GET /api/teams/${TEAM}/members`]: members(true),
    [`DELETE /api/teams/${TEAM}/members/u2`]: { status: 204 },
    'GET /api/teams': { status: 200, body: [] },
  });
  const { user } = renderAccount(<TeamMembersSection />);
  expect(await screen.findByText('cy@example.com')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Remove Ben' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Remove Ben from the team?');
  await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
  await waitFor(() => expect(server.calls.map((c) => c.route)).toContain(`DELETE /api/teams/${TEAM}/members/u2`));
  expect(await screen.findByText('Ben was removed from the team.')).toBeInTheDocument();
});

test('an invitation goes out in the chosen language; a bad address is refused before sending', async () => {
  const server = fakeApi({
    [`GET /api/teams/${TEAM}/members`]: members(false),
    [`POST /api/teams/${TEAM}/invitations`]: { status: 201, body: { id: 'i9', email: 'dee@example.com' } },
    'GET /api/teams': { status: 200, body: [] },
  });
  const { user } = renderAccount(<TeamMembersSection />);
  await screen.findByText('No pending invitations.');
  const form = screen.getByRole('form', { name: 'Invite a member' });
  await user.type(within(form).getByLabelText('E-mail address'), 'not-an-address');
  await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
  expect(await within(form).findByText('Enter a valid e-mail address.')).toBeInTheDocument();
  await user.clear(within(form).getByLabelText('E-mail address'));
  await user.type(within(form).getByLabelText('E-mail address'), 'dee@example.com');
  await user.selectOptions(within(form).getByLabelText('Language of the invitation'), 'ja');
  await user.click(within(form).getByRole('button', { name: 'Send invitation' }));
  expect(await screen.findByText('Invitation sent to dee@example.com.')).toBeInTheDocument();
  expect(server.calls.find((c) => c.route.startsWith('POST'))!.body).toEqual({ email: 'dee@example.com', language: 'ja' });
});

test('a member sees the list without owner controls', async () => {
  fakeApi({ [`GET /api/teams/${TEAM}/members`]: members(false) });
  renderAccount(<TeamMembersSection />, { role: 'member' });
  expect(await screen.findAllByTestId('member-row')).toHaveLength(2);
  expect(screen.getByText("Only the team's owners can invite or remove members and rename the team.")).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: /Remove|Rename|Send invitation/ })).not.toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Leave team' })).toBeInTheDocument();
});

test('a member leaves the team after confirming', async () => {
  const server = fakeApi({
    [`GET /api/teams/${TEAM}/members`]: members(false),
    [`DELETE /api/teams/${TEAM}/members/me`]: { status: 204 },
    'GET /api/profile': { status: 200, body: { id: 'me', name: 'Aoki', email: 'aoki@example.com', teams: [], current_team: null } },
  });
  const { user } = renderAccount(<TeamMembersSection />, { role: 'member' });
  await user.click(await screen.findByRole('button', { name: 'Leave team' }));
  const dialog = await screen.findByRole('alertdialog');
  expect(dialog).toHaveTextContent('Leave Aoki Studio?');
  await user.click(within(dialog).getByRole('button', { name: 'Leave team' }));
  expect(await screen.findByText('You left Aoki Studio.')).toBeInTheDocument();
  expect(server.calls.map((c) => c.route)).toContain(`DELETE /api/teams/${TEAM}/members/me`);
});
