import { fakeApi, screen, waitFor, within } from '@kagami/shared/testing';
import { renderStudio, TEAM } from '../components/render-studio';
import { signedAsset, statusEvent, videoJson } from '../testing/fixtures';
import VideosProcessing from './videos-processing';

const render = (videoId?: string) =>
  renderStudio(<VideosProcessing />, { route: `/videos/processing${videoId ? `?video=${videoId}` : ''}`, path: '/videos/processing' });

test('follows the video until ready, then plays and offers the download', async () => {
  const video = videoJson({ name: 'Greeting', status: 'in_progress' });
  let current: Record<string, unknown> = video;
  fakeApi({
    [`GET ${TEAM}/videos/${video.id}`]: () => ({ status: 200, body: current }),
    [`GET ${TEAM}/events`]: () => {
      current = videoJson({ id: video.id, name: 'Greeting' });
      return { status: 200, events: [statusEvent('video', video.id, 'ready')] };
    },
    'GET /assets/*': signedAsset,
  });
  render(video.id);
  const panel = await screen.findByTestId('video-processing');
  await waitFor(() => expect(within(panel).getByText('Ready')).toBeInTheDocument());
  await waitFor(() =>
    expect(screen.getByTestId('asset-video').querySelector('source')).toHaveAttribute(
      'src',
      `http://api.test/assets/signed/video_output/${video.id}.mp4?sig=x`,
    ),
  );
  expect(within(panel).getByRole('button', { name: 'Download Greeting' })).toBeInTheDocument();
});

test('a video rendered in parts shows how many are made, in English and Japanese', async () => {
  const video = videoJson({ name: 'Long talk', status: 'in_progress', segments: { done: 2, total: 5 } });
  fakeApi({ [`GET ${TEAM}/videos/${video.id}`]: { status: 200, body: video }, [`GET ${TEAM}/events`]: { status: 200 } });
  const { unmount } = render(video.id);
  const parts = await screen.findByTestId('video-parts');
  expect(parts).toHaveTextContent('Rendered in parts by several workers: 2 of 5 done');
  expect(within(parts).getByRole('progressbar', { name: 'Parts rendered' })).toHaveAttribute('aria-valuenow', '40');
  unmount();
  renderStudio(<VideosProcessing />, { route: `/videos/processing?video=${video.id}`, path: '/videos/processing', language: 'ja' });
  expect(await screen.findByTestId('video-parts')).toHaveTextContent('複数のワーカーで分割して作成中：5 個中 2 個完了');
});

test('a failed video says why and offers to try again with its avatar', async () => {
  const video = videoJson({ name: 'Greeting', status: 'failed', reason: 'processing_failed', avatar_id: 'a-1' });
  fakeApi({ [`GET ${TEAM}/videos/${video.id}`]: { status: 200, body: video }, [`GET ${TEAM}/events`]: { status: 200 } });
  render(video.id);
  const panel = await screen.findByTestId('video-processing');
  expect(within(panel).getByText('Failed')).toBeInTheDocument();
  expect(within(panel).getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '/videos/new/a-1');
  expect(screen.queryByTestId('asset-video')).not.toBeInTheDocument();
});

test('with no video named, it points to the list', async () => {
  fakeApi({});
  render();
  expect(screen.getByText('No video is being made right now.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Go to the video list' })).toHaveAttribute('href', '/videos');
});

test('leaving the view cancels the video load', async () => {
  const video = videoJson({ name: 'Greeting' });
  let signal: AbortSignal | undefined;
  fakeApi({ [`GET ${TEAM}/videos/${video.id}`]: { status: 200, body: video }, [`GET ${TEAM}/events`]: { status: 200 } });
  const fetchWithAssets = globalThis.fetch;
  globalThis.fetch = ((input: RequestInfo | URL, init?: RequestInit) => {
    if (String(input).includes('/assets/')) {
      signal = init?.signal ?? undefined;
      return new Promise(() => {});
    }
    return fetchWithAssets(input, init);
  }) as typeof fetch;
  const { unmount } = render(video.id);
  await waitFor(() => expect(signal).toBeDefined());
  expect(signal!.aborted).toBe(false);
  unmount();
  expect(signal!.aborted).toBe(true);
});

test('a ready video is saved as a template under the name given; the saved template links to Templates', async () => {
  const video = videoJson({ name: 'Greeting' });
  const server = fakeApi({
    [`GET ${TEAM}/videos/${video.id}`]: { status: 200, body: video },
    [`GET ${TEAM}/events`]: { status: 200 },
    'GET /assets/*': signedAsset,
    [`POST ${TEAM}/templates`]: (request) =>
      request.body.name === 'Audio one'
        ? {
            status: 422,
            body: {
              code: 'template_audio_unsupported',
              fields: { from_video_id: { key: 'errors.template_audio_unsupported', params: {}, message: '' } },
            },
          }
        : { status: 201, body: { id: 't-1', name: request.body.name, variables: [], variable_details: [], body: {}, scene_count: 1 } },
  });
  const { user } = render(video.id);
  const panel = await screen.findByTestId('video-processing');
  await user.click(within(panel).getByRole('button', { name: 'Save as template' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Save as template' });
  const name = within(dialog).getByLabelText('Template name');
  expect(name).toHaveValue('Greeting');
  expect(dialog).toHaveTextContent('Write {{first_name}} or {{first_name|there}}');

  await user.clear(name);
  await user.type(name, 'Audio one');
  await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('A template speaks scripts');
  expect(name).toHaveValue('Audio one');

  await user.clear(name);
  await user.type(name, 'Greeting template');
  await user.click(within(dialog).getByRole('button', { name: 'Save template' }));
  const saved = await within(panel).findByTestId('template-saved');
  expect(saved).toHaveTextContent('Saved as the template “Greeting template”.');
  expect(within(saved).getByRole('link', { name: 'Open Templates' })).toHaveAttribute('href', '/templates');
  expect(server.calls.filter((call) => call.route === `POST ${TEAM}/templates`).at(-1)!.body).toEqual({
    name: 'Greeting template',
    from_video_id: video.id,
  });
});
