import { fakeApi, renderApp, screen, waitFor } from '@kagami/shared/testing';
import { profileAtom, EMPTY_PROFILE } from '@kagami/shared/session';
import { STORAGE_KEYS } from '@kagami/shared/contract';
import { createStore } from 'jotai';
import { authResources } from '../../components/use-auth-translation';
import { UserTeamChoice } from './user-team-choice';

function render(language: 'en' | 'ja' = 'en', profileLanguage: 'en' | 'ja' = language) {
  const store = createStore();
  store.set(profileAtom, { ...EMPTY_PROFILE, name: 'Hana', language: profileLanguage });
  return renderApp(<UserTeamChoice />, { route: '/user-team', store, language, namespaces: { auth: authResources } });
}

beforeEach(() => localStorage.clear());

test.each([
  ['invitation_invalid', 404, 'This invitation code is not valid.'],
  ['invitation_expired', 410, 'This invitation has expired. Ask for a new one.'],
  ['invitation_used', 409, 'This invitation has already been used.'],
  ['invitation_wrong_email', 403, 'This invitation was sent to a different e-mail address.'],
  ['already_member', 409, 'You are already a member of this team.'],
])('joining answers %s with its own message', async (code, status, message) => {
  fakeApi({ 'POST /api/teams/join': { status, body: { code, message: 'server text' } } });
  const { user } = render();
  await user.type(screen.getByLabelText('Invitation code'), 'ABC123');
  await user.click(screen.getByRole('button', { name: 'Join team' }));
  expect(await screen.findByRole('alert')).toHaveTextContent(message);
});

test('a code stored by a join link is prefilled, and cleared once used', async () => {
  localStorage.setItem(STORAGE_KEYS.invitationCode, 'FROMLINK');
  const server = fakeApi({
    'POST /api/teams/join': { status: 200, body: { id: 't', name: 'Team', role: 'member' } },
    'GET /api/profile': {
      status: 200,
      body: {
        id: 'u',
        name: 'Hana',
        email: 'h@x.com',
        teams: [{ id: 't', name: 'Team', role: 'member' }],
        current_team: { id: 't', name: 'Team', role: 'member' },
      },
    },
  });
  const { user } = render();
  expect(screen.getByLabelText('Invitation code')).toHaveValue('FROMLINK');
  await user.click(screen.getByRole('button', { name: 'Join team' }));
  expect(await screen.findByText('You joined Team.')).toBeInTheDocument();
  expect(server.calls[0]!.body).toEqual({ code: 'FROMLINK' });
  expect(localStorage.getItem(STORAGE_KEYS.invitationCode)).toBeNull();
});

test('continuing without a team creates a personal team named in the user’s language', async () => {
  const server = fakeApi({
    'POST /api/teams': { status: 201, body: { id: 't', name: 'x', role: 'owner' } },
    'GET /api/profile': { status: 200, body: { id: 'u', name: 'Hana', email: 'h@x.com', teams: [], current_team: null } },
  });
  const { user } = render('ja');
  await user.click(screen.getByRole('button', { name: 'チームなしで続ける' }));
  await waitFor(() => expect(server.calls.map((c) => c.route)).toEqual(['POST /api/teams', 'GET /api/profile']));
  expect(server.calls[0]!.body).toEqual({ name: 'Hanaのチーム' });
});

test('the personal team is named in the language the user signed up in, even with the page in English', async () => {
  const server = fakeApi({
    'POST /api/teams': { status: 201, body: { id: 't', name: 'x', role: 'owner' } },
    'GET /api/profile': { status: 200, body: { id: 'u', name: 'Hana', email: 'h@x.com', teams: [], current_team: null } },
  });
  const { user } = render('en', 'ja');
  await user.click(screen.getByRole('button', { name: 'Continue without a team' }));
  await waitFor(() => expect(server.calls[0]?.body).toEqual({ name: 'Hanaのチーム' }));
});
