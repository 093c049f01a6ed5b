import { fakeApi, screen, waitFor, within } from '@kagami/shared/testing';
import { renderStudio, TEAM } from '../../components/render-studio';
import { avatarJson, page, signedAsset, statusEvent } from '../../testing/fixtures';
import { useStudioEvents } from '../../data/use-studio-events';
import { AvatarList } from './avatar-list';

/** The list as its screen shows it, following the team's events. */
function LiveAvatarList() {
  useStudioEvents();
  return <AvatarList />;
}

const LIST = `GET ${TEAM}/avatars`;
const EVENTS = `GET ${TEAM}/events`;

test('cards show preview, name, language and each status; a ready avatar offers a video', async () => {
  const ready = avatarJson({ name: 'Ready Aoki' });
  const running = avatarJson({ name: 'Running Aoki', status: 'in_progress', preview: null, stage: 'tracking_mouth', progress: 80 });
  const failed = avatarJson({ name: 'Failed Aoki', status: 'failed', reason: 'no_face_detected', language: 'ja', preview: null });
  fakeApi({ [LIST]: { status: 200, body: page([ready, running, failed]) }, [EVENTS]: { status: 200 }, 'GET /assets/*': signedAsset });
  renderStudio(<AvatarList />);

  const card = await screen.findByRole('article', { name: 'Ready Aoki' });
  expect(within(card).getByText('English')).toBeInTheDocument();
  expect(within(card).getByText('Ready')).toBeInTheDocument();
  expect(within(card).getByRole('link', { name: 'Create video' })).toHaveAttribute('href', `/videos/new/${ready.id}`);
  await waitFor(() =>
    expect(within(card).getByAltText('Ready Aoki')).toHaveAttribute(
      'src',
      `http://api.test/assets/signed/avatar_output/${ready.id}.jpg?sig=x`,
    ),
  );

  const runningCard = screen.getByRole('article', { name: 'Running Aoki' });
  expect(within(runningCard).getByText('In progress')).toBeInTheDocument();
  expect(within(runningCard).getByText('Tracking the mouth 80%')).toBeInTheDocument();
  expect(within(runningCard).getByRole('progressbar', { name: 'Avatar progress' })).toHaveAttribute('aria-valuenow', '80');
  expect(within(runningCard).queryByRole('link', { name: 'Create video' })).not.toBeInTheDocument();

  const failedCard = screen.getByRole('article', { name: 'Failed Aoki' });
  expect(within(failedCard).getByText('Japanese')).toBeInTheDocument();
  expect(within(failedCard).getByText(/No face could be found/)).toBeInTheDocument();
});

test('an empty team is invited to create its first avatar', async () => {
  fakeApi({ [LIST]: { status: 200, body: page([]) }, [EVENTS]: { status: 200 } });
  renderStudio(<AvatarList />);
  expect(await screen.findByText('No avatars yet')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Create avatar' })).toHaveAttribute('href', '/avatars/new');
});

test('a failed load offers a retry', async () => {
  const server = fakeApi({ [LIST]: { status: 503, body: { code: 'capacity_exhausted' } }, [EVENTS]: { status: 200 } });
  const { user } = renderStudio(<AvatarList />);
  expect(await screen.findByText('Creation failed due to high traffic. Please try again later.')).toBeInTheDocument();
  server.on(LIST, { status: 200, body: page([]) });
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('No avatars yet')).toBeInTheDocument();
});

test('pages through the list', async () => {
  const server = fakeApi({
    [LIST]: ({ url }) => ({
      status: 200,
      body: page([avatarJson({ name: `Page ${url.searchParams.get('page')}`, preview: null })], 13, Number(url.searchParams.get('page'))),
    }),
    [EVENTS]: { status: 200 },
  });
  const { user } = renderStudio(<AvatarList />);
  expect(await screen.findByRole('article', { name: 'Page 1' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: /page 2/i }));
  expect(await screen.findByRole('article', { name: 'Page 2' })).toBeInTheDocument();
  expect(server.calls.filter((c) => c.route === LIST)).toHaveLength(2);
});

test('a status event refreshes the list: the avatar shows ready without a reload', async () => {
  const avatar = avatarJson({ name: 'Live Aoki', status: 'in_progress', preview: null });
  let status = 'in_progress';
  fakeApi({
    [LIST]: () => ({ status: 200, body: page([{ ...avatar, status }]) }),
    [EVENTS]: () => (
      (status = 'ready'),
      { status: 200, events: ['event: ready\ndata: {"watching":1}\n\n', statusEvent('avatar', avatar.id, 'ready')] }
    ),
  });
  renderStudio(<LiveAvatarList />);
  const card = await screen.findByRole('article', { name: 'Live Aoki' });
  await waitFor(() => expect(within(card).getByText('Ready')).toBeInTheDocument());
});

test('deleting an avatar with a default voice asks whether to delete both or the avatar only', async () => {
  const avatar = avatarJson({ name: 'Voiced', default_voice_id: 'v1', preview: null });
  const server = fakeApi({
    [LIST]: { status: 200, body: page([avatar]) },
    [EVENTS]: { status: 200 },
    [`DELETE ${TEAM}/avatars/${avatar.id}`]: { status: 204 },
  });
  const { user } = renderStudio(<AvatarList />);
  await user.click(await screen.findByRole('button', { name: 'Delete Voiced' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete avatar' });
  expect(within(dialog).getByText(/has its own voice/)).toBeInTheDocument();
  await user.click(within(dialog).getByText('Only the avatar (keep the voice for other videos)'));
  server.on(LIST, { status: 200, body: page([]) });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('No avatars yet')).toBeInTheDocument();
  const deleted = server.calls.find((c) => c.route === `DELETE ${TEAM}/avatars/${avatar.id}`);
  expect(deleted?.url.searchParams.get('with_default_voice')).toBe('false');
});
