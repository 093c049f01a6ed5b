import { act, fakeApi, fireEvent, screen, waitFor, within } from '@kagami/shared/testing';
import { renderStudio, TEAM } from '../components/render-studio';
import { avatarJson, libraryJson, page, videoJson, voiceJson, uploadAllowed } from '../testing/fixtures';
import { resetStandIn, uploads } from '../testing/tus-stand-in';
import VideosNew from './videos-new';

jest.mock('tus-js-client', () => jest.requireActual('../testing/tus-stand-in').tusStandIn());

const avatar = avatarJson({ name: 'Hana', language: 'ja', default_voice_id: 'v-default' });
const other = avatarJson({ name: 'Ken' });
const voice = voiceJson({ name: 'Narrator' });

function setup(routes: Parameters<typeof fakeApi>[0] = {}) {
  const server = fakeApi({
    ...uploadAllowed(TEAM),
    [`GET ${TEAM}/avatars/${avatar.id}`]: { status: 200, body: avatar },
    [`GET ${TEAM}/avatars`]: { status: 200, body: page([avatar, other]) },
    [`GET ${TEAM}/voices`]: { status: 200, body: page([voice]) },
    [`GET ${TEAM}/languages`]: { status: 200, body: { languages: ['en', 'ja', 'de'] } },
    'GET /api/voices/builtin': { status: 200, body: libraryJson() },
    [`GET ${TEAM}/backgrounds`]: { status: 200, body: { data: [] } },
    [`POST ${TEAM}/layout-preview`]: { status: 200, body: 'JPEG', contentType: 'image/jpeg' },
    ...routes,
  });
  const rendered = renderStudio(<VideosNew />, { route: `/videos/new/${avatar.id}`, path: '/videos/new/:avatarId' });
  return { server, ...rendered };
}

beforeEach(() => {
  resetStandIn();
  // The layout preview is shown from memory.
  URL.createObjectURL = jest.fn(() => 'blob:layout');
  URL.revokeObjectURL = jest.fn();
});

test('defaults: this avatar, its own voice, its language from the languages call; the count follows the script', async () => {
  const { server, user } = setup();
  expect(await screen.findByLabelText('Avatar')).toHaveValue(avatar.id);
  expect(screen.getByLabelText('Voice')).toHaveValue('');
  expect(screen.getByRole('option', { name: "The avatar's own voice" })).toBeInTheDocument();
  expect(screen.getByRole('option', { name: 'Narrator' })).toBeInTheDocument();
  expect(screen.getByLabelText('Spoken language')).toHaveValue('ja');
  expect(
    within(screen.getByLabelText('Spoken language'))
      .getAllByRole('option')
      .map((o) => o.textContent),
  ).toEqual(['English', 'Japanese', 'German']);
  expect(server.calls.find((c) => c.route === `GET ${TEAM}/languages`)!.url.searchParams.get('avatar_id')).toBe(avatar.id);

  await user.type(screen.getByLabelText('Script'), 'Hello there');
  expect(screen.getByTestId('script-count')).toHaveTextContent('11 / 5000 characters');
});

test("an avatar without a voice of its own speaks with the library's voice of its face; the library's voices of the video's language can be chosen", async () => {
  const { server, user } = setup({
    [`GET ${TEAM}/avatars/${avatar.id}`]: { status: 200, body: { ...avatar, default_voice_id: null, gender: 'male', language: 'en' } },
    [`POST ${TEAM}/videos`]: { status: 202, body: videoJson({ status: 'in_progress' }) },
  });
  expect(await screen.findByRole('option', { name: 'James · Male · voice library (matches the avatar)' })).toBeInTheDocument();
  const voiceOptions = () =>
    within(screen.getByLabelText('Voice'))
      .getAllByRole('option')
      .map((o) => o.textContent);
  expect(voiceOptions()).toEqual([
    'James · Male · voice library (matches the avatar)',
    'Emma · Female · voice library',
    'Alan · Male · voice library',
    'Narrator',
  ]);
  await user.selectOptions(screen.getByLabelText('Voice'), 'builtin-en-emma');
  // Another language: the English voice cannot speak it, so the choice goes back to the default.
  await user.selectOptions(screen.getByLabelText('Spoken language'), 'ja');
  expect(screen.getByLabelText('Voice')).toHaveValue('');
  expect(voiceOptions().slice(0, 2)).toEqual(['Takumi · Male · voice library (matches the avatar)', 'Haruka · Female · voice library']);
  await user.selectOptions(screen.getByLabelText('Voice'), 'builtin-ja-haruka');
  await user.type(screen.getByLabelText('Video name'), 'Greeting');
  await user.type(screen.getByLabelText('Script'), 'Konnichiwa');
  await user.click(screen.getByRole('button', { name: 'Generate video' }));
  await screen.findByTestId('elsewhere');
  expect(server.calls.find((c) => c.route === `POST ${TEAM}/videos`)!.body).toMatchObject({
    voice_id: 'builtin-ja-haruka',
    language: 'ja',
  });
});

test('the voice preview speaks the start of the script in the chosen voice and plays it', async () => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
  const { server, user } = setup({ [`POST ${TEAM}/voice-preview`]: { status: 200, body: 'RIFF', contentType: 'audio/wav' } });
  await user.type(await screen.findByLabelText('Script'), 'Hello from Kagami.');
  await user.selectOptions(screen.getByLabelText('Voice'), voice.id);
  await user.click(screen.getByRole('button', { name: 'Preview voice' }));
  expect(await screen.findByTestId('voice-preview-audio')).toHaveAttribute('src', 'blob:preview');
  expect(server.calls.find((c) => c.route === `POST ${TEAM}/voice-preview`)!.body).toEqual({
    voice_id: voice.id,
    language: 'ja',
    text: 'Hello from Kagami.',
    speed: 1,
  });
});

test("a speech provider's voices are offered in every language", async () => {
  const { user } = setup({ 'GET /api/voices/builtin': { status: 200, body: libraryJson('elevenlabs') } });
  const voiceSelect = await screen.findByLabelText('Voice');
  await waitFor(() => expect(within(voiceSelect).getByRole('option', { name: 'Rachel · ElevenLabs' })).toBeInTheDocument());
  await user.selectOptions(voiceSelect, 'provider-rachel');
  await user.selectOptions(screen.getByLabelText('Spoken language'), 'de');
  expect(voiceSelect).toHaveValue('provider-rachel');
});

test('pauses: the buttons write a pause where the cursor is, shown as chips; the speed goes with the video and the preview', async () => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
  const video = videoJson({ status: 'in_progress' });
  const { server, user } = setup({
    [`POST ${TEAM}/videos`]: { status: 202, body: video },
    [`POST ${TEAM}/voice-preview`]: { status: 200, body: 'RIFF', contentType: 'audio/wav' },
  });
  const script = await screen.findByLabelText<HTMLTextAreaElement>('Script');
  expect(screen.queryByTestId('script-as-said')).not.toBeInTheDocument();
  await user.type(script, 'Hello everyone.Thanks for coming.');
  script.setSelectionRange('Hello everyone.'.length, 'Hello everyone.'.length);
  await user.click(screen.getByRole('button', { name: 'Add a pause of 1 seconds' }));
  expect(script).toHaveValue('Hello everyone. [pause 1s] Thanks for coming.');
  const said = screen.getByTestId('script-as-said');
  expect(
    within(said)
      .getAllByTestId('pause-chip')
      .map((chip) => chip.textContent),
  ).toEqual(['pause 1 sec']);
  expect(said).toHaveTextContent('Hello everyone. pause 1 secThanks for coming.');

  await user.selectOptions(screen.getByLabelText('Speed'), '1.25');
  await user.click(screen.getByRole('button', { name: 'Preview voice' }));
  await screen.findByTestId('voice-preview-audio');
  expect(server.calls.find((c) => c.route === `POST ${TEAM}/voice-preview`)!.body).toMatchObject({ speed: 1.25 });
  await user.type(screen.getByLabelText('Video name'), 'Paced');
  await user.click(screen.getByRole('button', { name: 'Generate video' }));
  await screen.findByTestId('elsewhere');
  expect(server.calls.find((c) => c.route === `POST ${TEAM}/videos`)!.body).toMatchObject({
    script: 'Hello everyone. [pause 1s] Thanks for coming.',
    speed: 1.25,
  });
});

test('generate sends the script and goes to the processing screen', async () => {
  const video = videoJson({ status: 'in_progress' });
  const { server, user } = setup({ [`POST ${TEAM}/videos`]: { status: 202, body: video } });
  await user.type(await screen.findByLabelText('Video name'), 'Greeting');
  await user.click(screen.getByRole('button', { name: 'Generate video' }));
  expect(await screen.findByText('This field is required.')).toBeInTheDocument();
  await user.type(screen.getByLabelText('Script'), 'Konnichiwa');
  await user.click(screen.getByRole('button', { name: 'Generate video' }));
  expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
  expect(server.calls.find((c) => c.route === `POST ${TEAM}/videos`)!.body).toEqual({
    name: 'Greeting',
    avatar_id: avatar.id,
    language: 'ja',
    subtitles: false,
    script: 'Konnichiwa',
    speed: 1,
    aspect_ratio: '16:9',
    resolution: '720p',
    background: null,
    placement: { position: 'full', scale: 1 },
    captions: { burn_in: false, style: { size: 'medium', position: 'bottom', color: '#FFFFFF', box_color: '#000000' } },
  });
});

test('the look: a vertical format over a colour or a library picture, the presenter placed, the layout previewed before rendering', async () => {
  const office = {
    id: 'bg-office',
    kind: 'image',
    name: 'office.png',
    preview: '/assets/data/avatar_output/bg.jpg',
    created_at: '2026-11-22T08:00:00Z',
  };
  const { server, user } = setup({
    [`GET ${TEAM}/backgrounds`]: { status: 200, body: { data: [office] } },
    [`POST ${TEAM}/videos`]: { status: 202, body: videoJson({ status: 'in_progress' }) },
  });
  expect(await screen.findByTestId('layout-preview')).toHaveAttribute('src', 'blob:layout');
  await user.selectOptions(screen.getByLabelText('Format'), '9:16');
  await user.selectOptions(screen.getByLabelText('Presenter placement'), 'right');
  expect(screen.getByText('Beside the content or in a corner, the presenter needs a background.')).toBeInTheDocument();
  await user.selectOptions(screen.getByLabelText('Background'), 'Picture: office.png');
  await user.selectOptions(screen.getByLabelText('Presenter size'), '80%');
  await waitFor(() =>
    expect(server.calls.filter((c) => c.route === `POST ${TEAM}/layout-preview`).at(-1)!.body).toMatchObject({
      avatar_id: avatar.id,
      aspect_ratio: '9:16',
      background: { type: 'image', upload_id: 'bg-office' },
      placement: { position: 'right', scale: 0.8 },
    }),
  );
  await user.click(screen.getByLabelText('Burn in subtitles'));
  await user.selectOptions(screen.getByLabelText('Caption size'), 'Large');
  await act(async () => {
    fireEvent.input(screen.getByLabelText('Caption colour'), { target: { value: '#ffe000' } });
  });
  await user.selectOptions(screen.getByLabelText('Behind the words'), 'An outline');
  expect(screen.queryByLabelText('Box colour')).not.toBeInTheDocument();
  await user.type(screen.getByLabelText('Video name'), 'Vertical');
  await user.type(screen.getByLabelText('Script'), 'Hello');
  await user.click(screen.getByRole('button', { name: 'Generate video' }));
  await waitFor(() =>
    expect(server.calls.find((c) => c.route === `POST ${TEAM}/videos`)!.body).toMatchObject({
      aspect_ratio: '9:16',
      background: { type: 'image', upload_id: 'bg-office' },
      placement: { position: 'right', scale: 0.8 },
      subtitles: true,
      captions: { burn_in: true, style: { size: 'large', position: 'bottom', color: '#FFE000', box_color: null } },
    }),
  );
});

test('a colour background is chosen with a colour picker', async () => {
  const { server, user } = setup();
  await user.selectOptions(await screen.findByLabelText('Background'), 'A colour');
  const picker = screen.getByLabelText('Background colour');
  await act(async () => {
    fireEvent.input(picker, { target: { value: '#10c040' } });
  });
  await waitFor(() =>
    expect(server.calls.filter((c) => c.route === `POST ${TEAM}/layout-preview`).at(-1)!.body).toMatchObject({
      background: { type: 'color', value: '#10C040' },
    }),
  );
});

test.each([
  ['text_too_long', 400, 'Script', 'The text is too long for audio generation.'],
  ['voice_id_missing', 400, 'Voice', 'Choose a voice.'],
])('%s is shown under its field', async (code, status, field, message) => {
  const { user } = setup({ [`POST ${TEAM}/videos`]: { status, body: { code } } });
  await user.type(await screen.findByLabelText('Video name'), 'Greeting');
  await user.type(screen.getByLabelText('Script'), 'Hello');
  await user.click(screen.getByRole('button', { name: 'Generate video' }));
  const control = screen.getByLabelText(field);
  await waitFor(() => expect(control.closest('[data-scope=field][data-part=root]')).toHaveTextContent(message));
});

test('quota and capacity errors are shown above the form; quota offers the plans', async () => {
  const { server, user } = setup({ [`POST ${TEAM}/videos`]: { status: 402, body: { code: 'quota_exceeded' } } });
  await user.type(await screen.findByLabelText('Video name'), 'Greeting');
  await user.type(screen.getByLabelText('Script'), 'Hello');
  await user.click(screen.getByRole('button', { name: 'Generate video' }));
  expect(await screen.findByText('You have used up your quota. Upgrade your plan to create more.')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute('href', '/subscription');

  server.on(`POST ${TEAM}/videos`, { status: 503, body: { code: 'capacity_exhausted' } });
  await user.click(screen.getByRole('button', { name: 'Generate video' }));
  expect(await screen.findByText('Creation failed due to high traffic. Please try again later.')).toBeInTheDocument();
  expect(screen.getByLabelText('Script')).toHaveValue('Hello');
});

test('a refused script says why above the form, in the reader’s language, and keeps the script', async () => {
  const { user } = setup({ [`POST ${TEAM}/videos`]: { status: 422, body: { code: 'script_refused', category: 'hate/threatening' } } });
  await user.type(await screen.findByLabelText('Video name'), 'Greeting');
  await user.type(screen.getByLabelText('Script'), 'Something harsh');
  await user.click(screen.getByRole('button', { name: 'Generate video' }));
  expect(
    await screen.findByText("This script can't be used: it was flagged as hateful. Change the words and try again."),
  ).toBeInTheDocument();
  expect(screen.getByLabelText('Script')).toHaveValue('Something harsh');
});

test('an uploaded audio file replaces the script; replacing it asks first', async () => {
  const video = videoJson({ status: 'in_progress' });
  const { server, user } = setup({ [`POST ${TEAM}/videos`]: { status: 202, body: video } });
  await user.click(await screen.findByText('An audio file I upload'));
  await user.upload(await screen.findByLabelText('File to upload'), new File(['ID3'], 'talk.mp3', { type: 'audio/mpeg' }));
  await waitFor(() => expect(uploads).toHaveLength(1));
  expect(uploads[0]!.options.metadata.purpose).toBe('video_audio');
  act(() => uploads[0]!.finish('audio-1'));
  expect(screen.getByTestId('chosen-audio')).toHaveTextContent('Audio: talk.mp3');

  await user.click(screen.getByRole('button', { name: 'Replace audio' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'Replace the audio?' });
  await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
  await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
  expect(screen.getByTestId('chosen-audio')).toBeInTheDocument();

  await user.click(screen.getByRole('button', { name: 'Replace audio' }));
  await user.click(
    within(await screen.findByRole('alertdialog', { name: 'Replace the audio?' })).getByRole('button', { name: 'Replace audio' }),
  );
  await user.upload(await screen.findByLabelText('File to upload'), new File(['ID3'], 'better.mp3', { type: 'audio/mpeg' }));
  await waitFor(() => expect(uploads).toHaveLength(2));
  act(() => uploads[1]!.finish('audio-2'));

  await user.type(screen.getByLabelText('Video name'), 'Talk');
  await user.click(screen.getByRole('button', { name: 'Generate video' }));
  await screen.findByTestId('elsewhere');
  expect(server.calls.find((c) => c.route === `POST ${TEAM}/videos`)!.body).toMatchObject({ audio_upload_id: 'audio-2', name: 'Talk' });
});

test('an avatar that does not exist says so', async () => {
  fakeApi({
    ...uploadAllowed(TEAM),
    [`GET ${TEAM}/avatars/${avatar.id}`]: { status: 404, body: { code: 'not_found' } },
    [`GET ${TEAM}/avatars`]: { status: 200, body: page([]) },
    [`GET ${TEAM}/voices`]: { status: 200, body: page([]) },
    [`GET ${TEAM}/languages`]: { status: 404, body: { code: 'not_found' } },
  });
  renderStudio(<VideosNew />, { route: `/videos/new/${avatar.id}`, path: '/videos/new/:avatarId' });
  expect(await screen.findByText('This avatar does not exist or was deleted.')).toBeInTheDocument();
});
