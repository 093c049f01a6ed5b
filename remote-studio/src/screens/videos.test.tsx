import { fakeApi, screen, waitFor, within } from '@kagami/shared/testing';
import { renderStudio, TEAM } from '../components/render-studio';
import { page, signedAsset, videoJson } from '../testing/fixtures';
import Videos from './videos';

const LIST = `GET ${TEAM}/videos`;
const EVENTS = `GET ${TEAM}/events`;

test('rows show name, creator, status with reason, duration, and play/download only when downloadable', async () => {
  const ready = videoJson({ name: 'Launch' });
  const failed = videoJson({ name: 'Broken', status: 'failed', reason: 'avatar_missing' });
  const running = videoJson({ name: 'Rendering', status: 'in_progress' });
  fakeApi({ [LIST]: { status: 200, body: page([ready, failed, running]) }, [EVENTS]: { status: 200 } });
  renderStudio(<Videos />);
  const [first, second, third] = await screen.findAllByTestId('video-row');
  expect(first).toHaveTextContent('Launch');
  expect(within(first!).getByText('Aoki Hana')).toBeInTheDocument();
  expect(within(first!).getByText('0:12')).toBeInTheDocument();
  expect(within(first!).getByRole('button', { name: 'Download Launch' })).toBeInTheDocument();
  expect(within(second!).getByText('The avatar of this video no longer exists.')).toBeInTheDocument();
  expect(within(second!).queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
  expect(within(third!).getByText('In progress')).toBeInTheDocument();
});

test('download asks the API for a signed address and saves it under the video name', async () => {
  const video = videoJson({ name: 'Launch: v2' });
  fakeApi({ [LIST]: { status: 200, body: page([video]) }, [EVENTS]: { status: 200 }, 'GET /assets/*': signedAsset });
  const clicked: string[] = [];
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.href);
  });
  const { user } = renderStudio(<Videos />);
  await user.click(await screen.findByRole('button', { name: 'Download Launch: v2' }));
  await waitFor(() => expect(clicked).toHaveLength(1));
  const url = new URL(clicked[0]!);
  expect(url.pathname).toBe(`/assets/signed/video_output/${video.id}.mp4`);
  expect(url.searchParams.get('download')).toBe('Launch_ v2.mp4');
  click.mockRestore();
});

test('a video that fails to load shows no player and warns', async () => {
  const video = videoJson({ name: 'Launch' });
  fakeApi({
    [LIST]: { status: 200, body: page([video]) },
    [EVENTS]: { status: 200 },
    'GET /assets/*': { status: 404, body: { code: 'not_found' } },
  });
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
  const { user } = renderStudio(<Videos />);
  await user.click(await screen.findByRole('button', { name: 'Play Launch' }));
  await waitFor(() => expect(warn).toHaveBeenCalledWith('Failed to load video asset', expect.anything()));
  expect(screen.queryByTestId('asset-video')).not.toBeInTheDocument();
  warn.mockRestore();
});

test('empty list points to the avatars; delete asks first', async () => {
  const video = videoJson({ name: 'Old' });
  const server = fakeApi({
    [LIST]: { status: 200, body: page([video]) },
    [EVENTS]: { status: 200 },
    [`DELETE ${TEAM}/videos/${video.id}`]: { status: 204 },
  });
  const { user } = renderStudio(<Videos />);
  await user.click(await screen.findByRole('button', { name: 'Delete Old' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Delete video' });
  expect(dialog).toHaveTextContent('Delete “Old”? This cannot be undone.');
  server.on(LIST, { status: 200, body: page([]) });
  await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
  expect(await screen.findByText('No videos yet')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Choose an avatar' })).toHaveAttribute('href', '/avatars');
});

test('a video made with the API key reads "API" with the team; one whose creator left reads "Deleted user"', async () => {
  const byKey = videoJson({ name: 'From the API', creator: null, created_by: null, created_via: 'api' });
  const orphan = videoJson({ name: 'Old', creator: null, created_by: null, created_via: 'app' });
  fakeApi({ [LIST]: { status: 200, body: page([byKey, orphan]) }, [EVENTS]: { status: 200 } });
  renderStudio(<Videos />);
  const [first, second] = await screen.findAllByTestId('video-row');
  expect(within(first!).getByText('API (Aoki Studio)')).toBeInTheDocument();
  expect(within(second!).getByText('Deleted user')).toBeInTheDocument();
});

test('a video whose face a lip-sync provider made says which; one made here says nothing of it', async () => {
  const neural = videoJson({ name: 'Neural', engine: 'replicate' });
  const local = videoJson({ name: 'Local', engine: 'local' });
  fakeApi({ [LIST]: { status: 200, body: page([neural, local]) }, [EVENTS]: { status: 200 } });
  renderStudio(<Videos />);
  const [first, second] = await screen.findAllByTestId('video-row');
  expect(within(first!).getByText('Lip-sync by Replicate')).toBeInTheDocument();
  expect(within(second!).queryByText(/Lip-sync by/)).not.toBeInTheDocument();
});

test('a ready video is shared from its row: a link and embed code, the download offered or not, and the link turned off', async () => {
  const video = videoJson({ name: 'Launch' });
  const SHARE = `${TEAM}/videos/${video.id}/share`;
  const on = {
    shared: true,
    url: 'http://api.test/share/tok123',
    embed_url: 'http://api.test/share/tok123/embed',
    embed_html: '<iframe src="http://api.test/share/tok123/embed"></iframe>',
    allow_download: false,
    views: 3,
    created_at: '2026-11-22T08:00:00Z',
  };
  const server = fakeApi({
    [LIST]: { status: 200, body: page([video]) },
    [EVENTS]: { status: 200 },
    [`GET ${SHARE}`]: { status: 200, body: { shared: false } },
    [`PUT ${SHARE}`]: { status: 200, body: on },
    [`DELETE ${SHARE}`]: { status: 204 },
  });
  const { user } = renderStudio(<Videos />);
  await user.click(await screen.findByRole('button', { name: 'Share Launch' }));
  expect(await screen.findByTestId('share-off')).toHaveTextContent('Nothing else of your team is shown there.');
  await user.click(screen.getByRole('button', { name: 'Create a link' }));
  expect(await screen.findByLabelText('Link')).toHaveValue('http://api.test/share/tok123');
  expect(screen.getByLabelText('Embed on a website')).toHaveValue('<iframe src="http://api.test/share/tok123/embed"></iframe>');
  expect(screen.getByTestId('share-on')).toHaveTextContent('Views so far: 3.');
  expect(server.calls.find((c) => c.route === `PUT ${SHARE}`)!.body).toEqual({ allow_download: false });

  server.on(`PUT ${SHARE}`, { status: 200, body: { ...on, allow_download: true } });
  await user.click(screen.getByText('Offer a download button'));
  await waitFor(() => expect(server.calls.filter((c) => c.route === `PUT ${SHARE}`).at(-1)!.body).toEqual({ allow_download: true }));
  await user.click(screen.getByRole('button', { name: 'Turn the link off' }));
  expect(await screen.findByTestId('share-off')).toBeInTheDocument();
  expect(server.calls.some((c) => c.route === `DELETE ${SHARE}`)).toBe(true);
});

test('a ready video shows a poster in the list; one still rendering has none yet', async () => {
  const ready = videoJson({ name: 'Launch' });
  const running = videoJson({ name: 'Rendering', status: 'in_progress' });
  fakeApi({ [LIST]: { status: 200, body: page([ready, running]) }, [EVENTS]: { status: 200 }, 'GET /assets/*': signedAsset });
  renderStudio(<Videos />);
  const [first, second] = await screen.findAllByTestId('video-row');
  expect(within(first!).getByTestId('video-poster')).toBeInTheDocument();
  expect(within(second!).queryByTestId('video-poster')).not.toBeInTheDocument();
});
