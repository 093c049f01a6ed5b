import { act, fakeApi, screen, waitFor, within } from '@kagami/shared/testing';
import { renderStudio, TEAM } from '../../components/render-studio';
import { useStudioEvents } from '../../data/use-studio-events';
import AvatarsNew from '../../screens/avatars-new';
import { avatarJson } from '../../testing/fixtures';
import { resetStandIn, uploads } from '../../testing/tus-stand-in';
import { AvatarProcessing } from './avatar-processing';

jest.mock('tus-js-client', () => jest.requireActual('../../testing/tus-stand-in').tusStandIn());

const EVENTS = `GET ${TEAM}/events`;
const progressEvent = (id: string, stage: string, progress: number) =>
  `event: progress\ndata: ${JSON.stringify({ kind: 'avatar', id, stage, progress })}\n\n`;

/** The processing screen as AvatarsNew shows it, following the team's events. */
function LiveProcessing({ avatarId }: { avatarId: string }) {
  useStudioEvents();
  return <AvatarProcessing avatarId={avatarId} onStartOver={() => undefined} />;
}

test('an avatar being made shows its stage and percentage, and follows pushed progress without reloading', async () => {
  const avatar = avatarJson({ name: 'Hana', status: 'in_progress', preview: null, stage: 'finding_face', progress: 42 });
  const ITEM = `GET ${TEAM}/avatars/${avatar.id}`;
  let openStream!: () => void;
  const streamOpened = new Promise<void>((resolve) => (openStream = resolve));
  const server = fakeApi({
    [ITEM]: { status: 200, body: avatar },
    [EVENTS]: async () => {
      await streamOpened;
      return { status: 200, events: [progressEvent(avatar.id, 'tracking_mouth', 87)] };
    },
  });
  renderStudio(<LiveProcessing avatarId={avatar.id} />);

  const panel = await screen.findByTestId('avatar-processing');
  expect(within(panel).getByText('Finding the face 42%')).toBeInTheDocument();
  const bar = within(panel).getByRole('progressbar', { name: 'Avatar progress' });
  expect(bar).toHaveAttribute('aria-valuenow', '42');
  expect(bar).toHaveAttribute('aria-valuetext', 'Finding the face 42%');

  act(openStream);
  expect(await within(panel).findByText('Tracking the mouth 87%')).toBeInTheDocument();
  expect(within(panel).getByRole('progressbar', { name: 'Avatar progress' })).toHaveAttribute('aria-valuenow', '87');
  expect(server.calls.filter((call) => call.route === ITEM)).toHaveLength(1);
});

test('in Japanese the stage and percentage read in Japanese', async () => {
  const avatar = avatarJson({ name: 'Hana', status: 'in_progress', preview: null, stage: 'choosing_stretch', progress: 71 });
  fakeApi({ [`GET ${TEAM}/avatars/${avatar.id}`]: { status: 200, body: avatar }, [EVENTS]: { status: 200 } });
  renderStudio(<LiveProcessing avatarId={avatar.id} />, { language: 'ja' });

  const panel = await screen.findByTestId('avatar-processing');
  expect(within(panel).getByText('ループに使う区間を選んでいます 71%')).toBeInTheDocument();
  expect(within(panel).getByRole('progressbar', { name: 'アバターの作成状況' })).toHaveAttribute('aria-valuenow', '71');
});

test("a photo avatar's own stage: the photo is brought to life", async () => {
  const avatar = avatarJson({ name: 'Portrait', status: 'in_progress', preview: null, stage: 'animating_photo', progress: 40 });
  fakeApi({ [`GET ${TEAM}/avatars/${avatar.id}`]: { status: 200, body: avatar }, [EVENTS]: { status: 200 } });
  renderStudio(<LiveProcessing avatarId={avatar.id} />);
  expect(await within(await screen.findByTestId('avatar-processing')).findByText('Bringing the photo to life 40%')).toBeInTheDocument();
});

test('a ready avatar shows no stage; one not yet picked up by the worker waits at 0%', async () => {
  const ready = avatarJson({ name: 'Done', status: 'ready', preview: null, stage: null, progress: 100 });
  const queued = avatarJson({ name: 'Queued', status: 'in_progress', preview: null, stage: 'queued', progress: 0 });
  fakeApi({
    [`GET ${TEAM}/avatars/${ready.id}`]: { status: 200, body: ready },
    [`GET ${TEAM}/avatars/${queued.id}`]: { status: 200, body: queued },
    [EVENTS]: { status: 200 },
  });
  const { unmount } = renderStudio(<LiveProcessing avatarId={ready.id} />);
  expect(within(await screen.findByTestId('avatar-processing')).getByText('Ready')).toBeInTheDocument();
  expect(screen.queryByTestId('avatar-stage')).not.toBeInTheDocument();
  unmount();

  renderStudio(<LiveProcessing avatarId={queued.id} />);
  expect(within(await screen.findByTestId('avatar-processing')).getByText('Waiting to start 0%')).toBeInTheDocument();
});

test('while the video goes up, the upload says "Uploading…" with its percentage', async () => {
  resetStandIn();
  fakeApi({});
  const { user } = renderStudio(<AvatarsNew />, { route: '/avatars/new', path: '/avatars/new' });
  await user.click(screen.getByRole('button', { name: 'Upload a video' }));
  const file = new File(['x'], 'me.mp4', { type: 'video/mp4' });
  Object.defineProperty(file, 'size', { value: 40 * 1024 ** 2 });
  await user.upload(screen.getByLabelText('File to upload'), file);
  await waitFor(() => expect(uploads).toHaveLength(1));

  act(() => uploads[0]!.progress(17 * 1024 ** 2));
  expect(screen.getByTestId('avatar-stage')).toHaveTextContent('Uploading… 42%');
});
