import { fakeApi, screen, TEST_TEAM_ID, waitFor } from '@kagami/shared/testing';
import { renderAccount } from '../../components/render-account';
import { BlockedTermsSection } from './blocked-terms';

const URL = `/api/teams/${TEST_TEAM_ID}/moderation`;

test('the owner edits the team’s blocked words, one a line, and the list is saved as terms', async () => {
  const server = fakeApi({
    [`GET ${URL}`]: { status: 200, body: { blocked_terms: ['Rival Corp'] } },
    [`PUT ${URL}`]: { status: 200, body: { blocked_terms: ['Rival Corp', 'ライバル社'] } },
  });
  const { user } = renderAccount(<BlockedTermsSection />);
  const box = await screen.findByLabelText('Blocked words and phrases, one a line');
  expect(box).toHaveValue('Rival Corp');
  await user.type(box, '\n  ライバル社  \n\n');
  await user.click(screen.getByRole('button', { name: 'Save blocked words' }));
  await waitFor(() =>
    expect(server.calls.at(-1)).toMatchObject({ route: `PUT ${URL}`, body: { blocked_terms: ['Rival Corp', 'ライバル社'] } }),
  );
  expect(await screen.findByText('Blocked words saved (2).')).toBeVisible();
});

test('too long a term is refused before saving, and a refusal from the server is shown', async () => {
  const server = fakeApi({
    [`GET ${URL}`]: { status: 200, body: { blocked_terms: [] } },
    [`PUT ${URL}`]: { status: 400, body: { code: 'blocked_terms_full', max: 200 } },
  });
  const { user } = renderAccount(<BlockedTermsSection />);
  const box = await screen.findByLabelText('Blocked words and phrases, one a line');
  await user.click(box);
  await user.paste('x'.repeat(101));
  await user.click(screen.getByRole('button', { name: 'Save blocked words' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('A blocked word or phrase can be at most 100 characters long.');
  expect(server.calls.filter((call) => call.route === `PUT ${URL}`)).toHaveLength(0);
  await user.clear(box);
  await user.type(box, 'fine');
  await user.click(screen.getByRole('button', { name: 'Save blocked words' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('A team can block at most 200 words or phrases.');
});

test('a member reads the list and cannot change it', async () => {
  fakeApi({ [`GET ${URL}`]: { status: 200, body: { blocked_terms: ['Rival Corp', 'Acme'] } } });
  renderAccount(<BlockedTermsSection />, { role: 'member' });
  expect(await screen.findByText('Rival Corp, Acme')).toBeVisible();
  expect(screen.queryByRole('button', { name: 'Save blocked words' })).not.toBeInTheDocument();
});
