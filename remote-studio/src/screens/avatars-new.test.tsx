import { act, fakeApi, fireEvent, screen, waitFor, within } from '@kagami/shared/testing';
import { renderStudio, TEAM } from '../components/render-studio';
import { avatarJson, consentPhraseJson, signedAsset, typedConsentOnly, uploadAllowed } from '../testing/fixtures';
import { resetStandIn, stored, terminated, uploads } from '../testing/tus-stand-in';
import AvatarsNew from './avatars-new';

jest.mock('tus-js-client', () => jest.requireActual('../testing/tus-stand-in').tusStandIn());

const video = (name = 'me.mp4', size = 40 * 1024 ** 2, type = 'video/mp4') => {
  const file = new File(['x'], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

beforeEach(resetStandIn);

async function chooseUpload() {
  const rendered = renderStudio(<AvatarsNew />, { route: '/avatars/new', path: '/avatars/new' });
  expect(screen.getByRole('region', { name: 'What makes a good avatar video' })).toHaveTextContent(
    'A video file: MP4, MOV, AVI, MKV, WEBM, FLV, WMV, M4V.',
  );
  expect(screen.getByText('At least 30 seconds; 2 to 5 minutes works best.')).toBeInTheDocument();
  await rendered.user.click(screen.getByRole('button', { name: 'Upload a video' }));
  return rendered;
}

test('a file of the wrong type or size is refused before any byte is sent', async () => {
  fakeApi({ ...uploadAllowed(TEAM), ...typedConsentOnly(TEAM) });
  const { user } = await chooseUpload();
  // Dropped files skip the picker's filter.
  fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [new File(['notes'], 'notes.txt', { type: 'text/plain' })] } });
  expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a video. Choose a video file.');
  await user.upload(screen.getByLabelText('File to upload'), video('huge.mp4', 6 * 1024 ** 3));
  expect(await screen.findByRole('alert')).toHaveTextContent('The video is larger than 5 GB.');
  expect(uploads).toHaveLength(0);
});

test('upload with progress, pause and resume, then consent and create: the processing screen follows the avatar', async () => {
  const avatar = avatarJson({ name: 'Hana', status: 'in_progress', preview: null });
  const server = fakeApi({
    ...uploadAllowed(TEAM),
    ...typedConsentOnly(TEAM),
    [`POST ${TEAM}/avatars`]: { status: 202, body: avatar },
    [`GET ${TEAM}/avatars/${avatar.id}`]: { status: 200, body: avatar },
    [`GET ${TEAM}/events`]: { status: 200 },
  });
  const { user } = await chooseUpload();
  await user.upload(screen.getByLabelText('File to upload'), video());
  await waitFor(() => expect(uploads).toHaveLength(1));
  const upload = uploads[0]!;
  expect(upload.options.metadata).toMatchObject({ team_id: TEAM.split('/').pop(), purpose: 'avatar_video', filename: 'me.mp4' });
  expect(upload.started).toBe(1);

  act(() => upload.progress(10 * 1024 ** 2));
  expect(screen.getByTestId('upload-percent')).toHaveTextContent('25% · 10.0 MB of 40.0 MB');
  await user.click(screen.getByRole('button', { name: 'Pause' }));
  expect(upload.aborted).toEqual([false]);
  expect(screen.getByText('Paused')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Resume' }));
  expect(upload.started).toBe(2);

  expect(screen.getByRole('button', { name: 'Create avatar' })).toBeDisabled();
  act(() => upload.progress(40 * 1024 ** 2));
  expect(screen.getByText('Checking the file…')).toBeInTheDocument();
  act(() => upload.finish('up-1'));
  expect(screen.getByText('“me.mp4” is uploaded.')).toBeInTheDocument();

  await user.type(screen.getByLabelText('Avatar name'), 'Hana');
  await user.click(screen.getByRole('button', { name: 'Create avatar' }));
  expect(await screen.findByText('Read and accept the consent statement to continue.')).toBeInTheDocument();
  expect(screen.getByTestId('consent-text')).toHaveTextContent('I, Aoki Hana (aoki@example.com), confirm');
  await user.click(screen.getByRole('checkbox', { name: 'I have read and accept this statement' }));
  await user.click(screen.getByRole('button', { name: 'Create avatar' }));

  expect(await screen.findByRole('heading', { name: 'Creating your avatar' })).toBeInTheDocument();
  expect(within(await screen.findByTestId('avatar-processing')).getByText('In progress')).toBeInTheDocument();
  const created = server.calls.find((c) => c.route === `POST ${TEAM}/avatars`)!;
  expect(created.body).toEqual({
    name: 'Hana',
    language: 'en',
    upload_id: 'up-1',
    consent_text: expect.stringContaining('Aoki Hana (aoki@example.com)'),
  });
});

test('cancel stops the upload and removes it; a refused file shows the server reason', async () => {
  fakeApi({ ...uploadAllowed(TEAM), ...typedConsentOnly(TEAM) });
  const { user } = await chooseUpload();
  await user.upload(screen.getByLabelText('File to upload'), video());
  await waitFor(() => expect(uploads).toHaveLength(1));
  act(() => uploads[0]!.progress(1024));
  await user.click(screen.getByRole('button', { name: 'Cancel upload' }));
  expect(uploads[0]!.aborted).toEqual([true]);
  expect(screen.getByRole('alert')).toHaveTextContent('The upload was cancelled.');

  await user.upload(screen.getByLabelText('File to upload'), video('short.mp4'));
  await waitFor(() => expect(uploads).toHaveLength(2));
  act(() => uploads[1]!.refuse(422, { code: 'video_too_short' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The video is too short: it must be at least 30 seconds');
});

test('a refused file shows one message and is not offered for resuming; an interrupted one is, and Discard deletes it', async () => {
  fakeApi({ ...uploadAllowed(TEAM), ...typedConsentOnly(TEAM) });
  const first = await chooseUpload();
  await first.user.upload(screen.getByLabelText('File to upload'), video('short.mp4'));
  await waitFor(() => expect(stored.size).toBe(1));
  act(() => uploads[0]!.refuse(422, { code: 'video_too_short' }));
  await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The video is too short'));
  expect(stored.size).toBe(0);
  expect(screen.getAllByRole('alert')).toHaveLength(1);
  expect(screen.queryByTestId('unfinished-upload')).toBeNull();
  first.unmount();

  const second = await chooseUpload();
  await second.user.upload(screen.getByLabelText('File to upload'), video('long.mp4'));
  await waitFor(() => expect(stored.size).toBe(1));
  act(() => uploads[1]!.progress(1024));
  second.unmount();

  const third = await chooseUpload();
  const banner = await screen.findByTestId('unfinished-upload');
  expect(banner).toHaveTextContent('An upload of “long.mp4” (40.0 MB) did not finish.');
  await third.user.click(within(banner).getByRole('button', { name: 'Discard' }));
  await waitFor(() => expect(screen.queryByTestId('unfinished-upload')).toBeNull());
  expect(terminated).toEqual(['http://api.test/api/uploads/u1']);
  expect(stored.size).toBe(0);
});

test('a ready avatar is titled so; when its sound held no speech, the screen says a built-in voice will speak', async () => {
  const avatar = avatarJson({ name: 'Quiet', default_voice_id: null });
  fakeApi({
    ...uploadAllowed(TEAM),
    ...typedConsentOnly(TEAM),
    [`GET ${TEAM}/avatars/${avatar.id}`]: { status: 200, body: avatar },
    [`GET ${TEAM}/events`]: { status: 200 },
    'GET /assets/*': signedAsset,
  });
  renderStudio(<AvatarsNew />, { route: `/avatars/new?avatar=${avatar.id}`, path: '/avatars/new' });
  expect(await screen.findByRole('heading', { name: 'Your avatar is ready' })).toBeInTheDocument();
  expect(screen.getByTestId('no-voice')).toHaveTextContent('No voice was made from this video: its sound holds no speech.');
});

describe('webcam', () => {
  const original = { mediaDevices: navigator.mediaDevices, MediaRecorder: globalThis.MediaRecorder };
  afterEach(() => {
    Object.defineProperty(navigator, 'mediaDevices', { value: original.mediaDevices, configurable: true });
    globalThis.MediaRecorder = original.MediaRecorder;
  });

  test('a denied camera or microphone shows its message', async () => {
    fakeApi({ ...uploadAllowed(TEAM), ...typedConsentOnly(TEAM) });
    globalThis.MediaRecorder = { isTypeSupported: () => true } as unknown as typeof MediaRecorder;
    Object.defineProperty(navigator, 'mediaDevices', {
      value: { getUserMedia: () => Promise.reject(new DOMException('denied', 'NotAllowedError')) },
      configurable: true,
    });
    const { user } = renderStudio(<AvatarsNew />, { route: '/avatars/new', path: '/avatars/new' });
    await user.click(screen.getByRole('button', { name: 'Record with webcam' }));
    await user.click(screen.getByRole('button', { name: 'Allow camera and microphone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Camera or microphone access was denied. Allow it in your browser settings.',
    );
  });

  test('a browser that cannot record says so', async () => {
    fakeApi({ ...uploadAllowed(TEAM), ...typedConsentOnly(TEAM) });
    // @ts-expect-error jsdom-like browsers without MediaRecorder
    delete globalThis.MediaRecorder;
    const { user } = renderStudio(<AvatarsNew />, { route: '/avatars/new', path: '/avatars/new' });
    await user.click(screen.getByRole('button', { name: 'Record with webcam' }));
    await user.click(screen.getByRole('button', { name: 'Allow camera and microphone' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This browser cannot record video.');
  });
});

test('a photo: its own requirements, a picture refused in the browser when it is not one, then the same consent and create', async () => {
  const avatar = avatarJson({ name: 'Mika', status: 'in_progress', preview: null, source_kind: 'photo' });
  const server = fakeApi({
    ...uploadAllowed(TEAM),
    ...typedConsentOnly(TEAM),
    [`POST ${TEAM}/avatars`]: { status: 202, body: avatar },
    [`GET ${TEAM}/avatars/${avatar.id}`]: { status: 200, body: avatar },
    [`GET ${TEAM}/events`]: { status: 200 },
  });
  const { user } = renderStudio(<AvatarsNew />, { route: '/avatars/new', path: '/avatars/new' });
  await user.click(screen.getByRole('button', { name: 'Upload a photo' }));
  const requirements = screen.getByRole('region', { name: 'What makes a good avatar photo' });
  expect(requirements).toHaveTextContent('A photo: JPEG, PNG, WebP, up to 20 MB.');
  expect(requirements).toHaveTextContent('Lips closed and relaxed');

  fireEvent.drop(screen.getByTestId('drop-zone'), { dataTransfer: { files: [video('clip.mp4', 1000)] } });
  expect(await screen.findByRole('alert')).toHaveTextContent('This file is not a picture. Choose a JPEG, PNG or WebP photo.');
  await user.upload(screen.getByLabelText('File to upload'), video('me.png', 2 * 1024 ** 2, 'image/png'));
  await waitFor(() => expect(uploads).toHaveLength(1));
  expect(uploads[0]!.options.metadata).toMatchObject({ purpose: 'avatar_photo', filename: 'me.png' });
  expect(server.calls.find((c) => c.route === `POST ${TEAM}/uploads/check`)!.body).toMatchObject({ purpose: 'avatar_photo' });
  act(() => uploads[0]!.finish('photo-1'));

  await user.type(screen.getByLabelText('Avatar name'), 'Mika');
  await user.click(screen.getByRole('checkbox', { name: 'I have read and accept this statement' }));
  await user.click(screen.getByRole('button', { name: 'Create avatar' }));
  expect(await screen.findByRole('heading', { name: 'Creating your avatar' })).toBeInTheDocument();
  expect(server.calls.find((c) => c.route === `POST ${TEAM}/avatars`)!.body).toMatchObject({ name: 'Mika', upload_id: 'photo-1' });
});

describe('consent clip', () => {
  test('the phrase to read is shown; create waits for the clip, uploaded as avatar_consent and named on creation', async () => {
    const avatar = avatarJson({ name: 'Hana', status: 'in_progress', preview: null });
    const server = fakeApi({
      ...uploadAllowed(TEAM),
      [`GET ${TEAM}/avatars/consent-phrase`]: { status: 200, body: consentPhraseJson(true) },
      [`POST ${TEAM}/avatars`]: { status: 202, body: avatar },
      [`GET ${TEAM}/avatars/${avatar.id}`]: { status: 200, body: avatar },
      [`GET ${TEAM}/events`]: { status: 200 },
    });
    const { user } = await chooseUpload();
    await user.upload(screen.getByLabelText('File to upload'), video());
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.finish('footage-1'));

    const clip = await screen.findByTestId('consent-clip');
    expect(within(clip).getByTestId('consent-phrase')).toHaveTextContent('I am Aoki Hana, and I agree');
    expect(clip).toHaveTextContent('The code is valid until');
    expect(server.calls.filter((c) => c.route === `GET ${TEAM}/avatars/consent-phrase`)[0]!.url.searchParams.get('language')).toBe('en');
    await user.type(screen.getByLabelText('Avatar name'), 'Hana');
    await user.click(screen.getByRole('checkbox', { name: 'I have read and accept this statement' }));
    expect(screen.getByText('Record or upload the consent clip to create the avatar.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create avatar' })).toBeDisabled();

    await user.click(within(clip).getByRole('button', { name: 'Upload a consent clip' }));
    await user.upload(within(clip).getByLabelText('File to upload'), video('consent.webm', 2 * 1024 ** 2, 'video/webm'));
    await waitFor(() => expect(uploads).toHaveLength(2));
    expect(uploads[1]!.options.metadata).toMatchObject({ purpose: 'avatar_consent', filename: 'consent.webm' });
    act(() => uploads[1]!.finish('consent-1'));
    await user.click(screen.getByRole('button', { name: 'Create avatar' }));
    expect(await screen.findByRole('heading', { name: 'Creating your avatar' })).toBeInTheDocument();
    expect(server.calls.find((c) => c.route === `POST ${TEAM}/avatars`)!.body).toMatchObject({
      upload_id: 'footage-1',
      consent_upload_id: 'consent-1',
    });
  });

  test('a clip refused by the server shows why', async () => {
    fakeApi({ ...uploadAllowed(TEAM), [`GET ${TEAM}/avatars/consent-phrase`]: { status: 200, body: consentPhraseJson(true) } });
    const { user } = await chooseUpload();
    const clip = await screen.findByTestId('consent-clip');
    // The panel shows before its phrase has arrived.
    await user.click(await within(clip).findByRole('button', { name: 'Upload a consent clip' }));
    await user.upload(within(clip).getByLabelText('File to upload'), video('mute.mp4', 1024 ** 2));
    await waitFor(() => expect(uploads).toHaveLength(1));
    act(() => uploads[0]!.refuse(422, { code: 'consent_clip_silent' }));
    expect(await within(clip).findByRole('alert')).toHaveTextContent('The consent clip has no sound. Record it with the microphone on.');
  });

  test('a phrase past its time says so, and a new one can be asked for', async () => {
    let asked = 0;
    fakeApi({
      ...uploadAllowed(TEAM),
      [`GET ${TEAM}/avatars/consent-phrase`]: () => {
        asked += 1;
        return { status: 200, body: consentPhraseJson(true, asked === 1 ? -1 : 30) };
      },
    });
    const { user } = await chooseUpload();
    const clip = await screen.findByTestId('consent-clip');
    expect(await within(clip).findByRole('alert')).toHaveTextContent('The consent phrase had expired');
    expect(within(clip).queryByRole('button', { name: 'Upload a consent clip' })).toBeNull();
    await user.click(within(clip).getByRole('button', { name: 'Get a new phrase' }));
    expect(await within(clip).findByRole('button', { name: 'Upload a consent clip' })).toBeInTheDocument();
    expect(asked).toBe(2);
  });
});
