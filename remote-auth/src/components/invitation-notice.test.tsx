import { fakeApi, renderApp, screen } from '@kagami/shared/testing';
import { STORAGE_KEYS } from '@kagami/shared/contract';
import { authResources } from './use-auth-translation';
import { InvitationNotice } from './invitation-notice';

const render = (language: 'en' | 'ja' = 'en') =>
  renderApp(<InvitationNotice />, { route: '/login', language, namespaces: { auth: authResources } });

beforeEach(() => localStorage.clear());

test('a join link opened signed out says who invites the visitor to which team, in en and ja', async () => {
  localStorage.setItem(STORAGE_KEYS.invitationCode, 'FROMLINK');
  const server = fakeApi({ 'GET /api/invitations/preview': { status: 200, body: { team_name: 'Studio Nine', inviter_name: 'Aoki' } } });
  render();
  expect(
    await screen.findByText('Aoki invited you to join the team Studio Nine on Kagami. Sign in or create an account to join.'),
  ).toBeVisible();
  expect(server.calls[0]!.url.searchParams.get('code')).toBe('FROMLINK');
  render('ja');
  expect(await screen.findByText(/Aokiさんが.*「Studio Nine」/)).toBeVisible();
});

test('a spent invitation says so at once; without a stored code nothing is asked or shown', async () => {
  localStorage.setItem(STORAGE_KEYS.invitationCode, 'USED');
  fakeApi({ 'GET /api/invitations/preview': { status: 409, body: { code: 'invitation_used', message: 'x' } } });
  render();
  expect(await screen.findByText('This invitation has already been used.')).toBeVisible();

  localStorage.clear();
  const server = fakeApi();
  const { container } = render();
  expect(server.calls).toEqual([]);
  expect(container.querySelector('[data-testid="invitation-notice"]')).toBeNull();
});
