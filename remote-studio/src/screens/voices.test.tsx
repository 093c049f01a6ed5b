import { act, fakeApi, screen, waitFor, within } from '@kagami/shared/testing';
import { renderStudio, TEAM } from '../components/render-studio';
import { libraryJson, page, signedAsset, statusEvent, voiceJson, uploadAllowed } from '../testing/fixtures';
import { resetStandIn, uploads } from '../testing/tus-stand-in';
import Voices from './voices';

jest.mock('tus-js-client', () => jest.requireActual('../testing/tus-stand-in').tusStandIn());

const LIST = `GET ${TEAM}/voices`;
const EVENTS = `GET ${TEAM}/events`;
/** What the screen shows below the team's voices: the library, and an empty pronunciation list. */
const LOWER_SECTIONS = {
  'GET /api/voices/builtin': { status: 200, body: libraryJson() },
  [`GET ${TEAM}/pronunciations`]: { status: 200, body: { data: [] } },
};

beforeEach(resetStandIn);

test('the list shows status and a playable sample; a failed voice says why', async () => {
  const ready = voiceJson({ name: 'Narrator' });
  const failed = voiceJson({ name: 'Noisy', status: 'failed', reason: 'no_speech_detected', sample: null });
  fakeApi({
    ...uploadAllowed(TEAM),
    ...LOWER_SECTIONS,
    [LIST]: { status: 200, body: page([ready, failed]) },
    [EVENTS]: { status: 200 },
    'GET /assets/*': signedAsset,
  });
  renderStudio(<Voices />);
  const rows = await screen.findAllByTestId('voice-row');
  expect(within(rows[0]!).getByText('Ready')).toBeInTheDocument();
  await waitFor(() =>
    expect(within(rows[0]!).getByTestId('asset-audio').querySelector('source')).toHaveAttribute(
      'src',
      expect.stringContaining('/assets/signed/audio_output/'),
    ),
  );
  expect(within(rows[1]!).getByText('Failed')).toBeInTheDocument();
  expect(within(rows[1]!).queryByTestId('asset-audio')).not.toBeInTheDocument();
});

test("the voice library: a language's voices with their gender and a preview from the API; another language on request", async () => {
  fakeApi({ ...uploadAllowed(TEAM), ...LOWER_SECTIONS, [LIST]: { status: 200, body: page([]) }, [EVENTS]: { status: 200 } });
  const { user } = renderStudio(<Voices />);
  const library = await screen.findByRole('region', { name: 'Voice library' });
  const rows = await within(library).findAllByTestId('library-voice');
  expect(rows.map((row) => row.textContent)).toEqual(['EmmaFemale', 'JamesMale', 'Alan (Scottish English)Male']);
  expect(within(rows[0]!).getByLabelText('Preview of Emma')).toHaveAttribute(
    'src',
    expect.stringMatching(/\/api\/voices\/builtin\/builtin-en-emma\/preview$/),
  );
  await user.selectOptions(within(library).getByLabelText('Language of the voices'), 'ja');
  expect(
    within(library)
      .getAllByTestId('library-voice')
      .map((row) => row.textContent),
  ).toEqual(['HarukaFemale', 'TakumiMale']);
});

test('the pronunciation list: add a word, see it, change it by saving the word again, delete it; errors under the fields', async () => {
  const entry = { id: 'p-1', word: 'SQL', say_as: 'sequel', created_at: '2026-11-25T10:00:00Z' };
  let saved: (typeof entry)[] = [];
  const server = fakeApi({
    ...uploadAllowed(TEAM),
    ...LOWER_SECTIONS,
    [LIST]: { status: 200, body: page([]) },
    [EVENTS]: { status: 200 },
    [`GET ${TEAM}/pronunciations`]: () => ({ status: 200, body: { data: saved } }),
    [`POST ${TEAM}/pronunciations`]: (request: { body: Record<string, unknown> }) => {
      const body = request.body as { word: string; say_as: string };
      if (body.say_as === 'x')
        return {
          status: 400,
          body: {
            code: 'validation_failed',
            message: 'Some fields are not valid.',
            fields: { say_as: { key: 'validation.minLength', params: { length: '2' }, message: '' } },
          },
        };
      saved = [{ ...entry, ...body }];
      return { status: 201, body: saved[0] };
    },
    [`DELETE ${TEAM}/pronunciations/p-1`]: () => ((saved = []), { status: 204 }),
  });
  const { user } = renderStudio(<Voices />);
  const section = await screen.findByRole('region', { name: 'Pronunciations' });
  expect(await within(section).findByTestId('pronunciations-empty')).toBeInTheDocument();

  await user.click(within(section).getByRole('button', { name: 'Save pronunciation' }));
  expect(await within(section).findAllByText('This field is required.')).toHaveLength(2);
  await user.type(within(section).getByLabelText('Word'), 'SQL');
  await user.type(within(section).getByLabelText('Say it as'), 'x');
  await user.click(within(section).getByRole('button', { name: 'Save pronunciation' }));
  expect(await within(section).findByText('Enter at least 2 characters.')).toBeInTheDocument();
  expect(within(section).getByLabelText('Word')).toHaveValue('SQL');

  await user.clear(within(section).getByLabelText('Say it as'));
  await user.type(within(section).getByLabelText('Say it as'), 'sequel');
  await user.click(within(section).getByRole('button', { name: 'Save pronunciation' }));
  const row = await within(section).findByTestId('pronunciation-row');
  expect(row).toHaveTextContent('SQLsequel');
  expect(server.calls.filter((c) => c.route === `POST ${TEAM}/pronunciations`).pop()!.body).toEqual({ word: 'SQL', say_as: 'sequel' });
  expect(within(section).getByLabelText('Word')).toHaveValue('');

  await user.click(within(row).getByRole('button', { name: /Delete/ }));
  await user.click(await screen.findByRole('button', { name: 'Delete' }));
  expect(await within(section).findByTestId('pronunciations-empty')).toBeInTheDocument();
});

test('with a speech provider: its voices in every language, clones labelled as such, and the dialog says who will clone', async () => {
  const cloned = voiceJson({ name: 'Cloned host', cloned_by: 'elevenlabs' });
  const local = voiceJson({ name: 'Local host' });
  fakeApi({
    ...uploadAllowed(TEAM),
    ...LOWER_SECTIONS,
    'GET /api/voices/builtin': { status: 200, body: libraryJson('elevenlabs') },
    [LIST]: { status: 200, body: page([cloned, local]) },
    [EVENTS]: { status: 200 },
    'GET /assets/*': signedAsset,
  });
  const { user } = renderStudio(<Voices />);
  const rows = await screen.findAllByTestId('voice-row');
  expect(rows.map((row) => within(row).getByTestId('voice-made-by').textContent)).toEqual([
    'Cloned by ElevenLabs',
    'Synthetic, matched in pitch and pace',
  ]);
  const library = screen.getByRole('region', { name: 'Voice library' });
  const names = () =>
    within(library)
      .getAllByTestId('library-voice')
      .map((row) => row.textContent);
  await waitFor(() => expect(names()).toContain('Rachel (ElevenLabs, every language)Female'));
  await user.selectOptions(within(library).getByLabelText('Language of the voices'), 'ja');
  expect(names()).toEqual(['HarukaFemale', 'TakumiMale', 'Rachel (ElevenLabs, every language)Female']);

  await user.click(screen.getByRole('button', { name: 'Create voice' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'New voice' });
  expect(within(dialog).getByTestId('voice-kind')).toHaveTextContent('ElevenLabs clones the speaker of your recording');
});

test('empty and error states', async () => {
  const server = fakeApi({
    ...uploadAllowed(TEAM),
    ...LOWER_SECTIONS,
    [LIST]: () => Promise.reject(new TypeError('Failed to fetch')),
    [EVENTS]: { status: 200 },
  });
  const { user } = renderStudio(<Voices />);
  expect(await screen.findByRole('alert')).toHaveTextContent('The server cannot be reached.');
  server.on(LIST, { status: 200, body: page([]) });
  await user.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByText('No voices yet')).toBeInTheDocument();
});

test('create: upload, name, then a processing dialog that follows the voice to ready', async () => {
  const voice = voiceJson({ name: 'Host', status: 'in_progress', sample: null });
  let current = voice;
  const server = fakeApi({
    ...uploadAllowed(TEAM),
    ...LOWER_SECTIONS,
    [LIST]: () => ({ status: 200, body: page([current]) }),
    [EVENTS]: () => ({ status: 200, events: [statusEvent('voice', voice.id, 'ready')] }),
    [`POST ${TEAM}/voices`]: { status: 202, body: voice },
    [`GET ${TEAM}/voices/${voice.id}`]: () => ({ status: 200, body: current }),
    'GET /assets/*': signedAsset,
  });
  const { user } = renderStudio(<Voices />);
  await user.click(await screen.findByRole('button', { name: 'Create voice' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'New voice' });
  // Before any upload, the dialog says what kind of voice it will be.
  expect(within(dialog).getByTestId('voice-kind')).toHaveTextContent("a synthetic voice matched to the recording's pitch and pace");

  await user.type(within(dialog).getByLabelText('Voice name'), 'Host');
  await user.click(within(dialog).getByRole('button', { name: 'Create voice' }));
  expect(await within(dialog).findByText('Upload a file first.')).toBeInTheDocument();

  const file = new File(['RIFF'], 'host.wav', { type: 'audio/wav' });
  await user.upload(within(dialog).getByLabelText('File to upload'), file);
  await waitFor(() => expect(uploads).toHaveLength(1));
  expect(uploads[0]!.options.metadata.purpose).toBe('voice_audio');
  act(() => uploads[0]!.finish('up-9'));
  current = { ...voice, status: 'ready', sample: `/assets/data/audio_output/${voice.id}.mp3` };
  await user.click(within(dialog).getByRole('button', { name: 'Create voice' }));

  const processing = await screen.findByTestId('voice-processing');
  await waitFor(() => expect(within(processing).getByText('Ready')).toBeInTheDocument());
  expect(screen.getByRole('dialog', { name: 'Your voice is ready' })).toBeInTheDocument();
  expect(server.calls.find((c) => c.route === `POST ${TEAM}/voices`)!.body).toEqual({ name: 'Host', language: 'en', upload_id: 'up-9' });
  // The list and the dialog share the screen's one event stream.
  expect(server.calls.filter((c) => c.route === EVENTS)).toHaveLength(1);
});

test('a file over 32 MB is refused in the browser', async () => {
  fakeApi({ ...uploadAllowed(TEAM), ...LOWER_SECTIONS, [LIST]: { status: 200, body: page([]) }, [EVENTS]: { status: 200 } });
  const { user } = renderStudio(<Voices />);
  await user.click(await screen.findByRole('button', { name: 'Create voice' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'New voice' });
  const file = new File(['x'], 'long.mp3', { type: 'audio/mpeg' });
  Object.defineProperty(file, 'size', { value: 33 * 1024 ** 2 });
  await user.upload(within(dialog).getByLabelText('File to upload'), file);
  expect(await within(dialog).findByRole('alert')).toHaveTextContent(/larger than 32 MB|32/);
  expect(uploads).toHaveLength(0);
});

test('over the quota, the dialog says so and offers the plans', async () => {
  fakeApi({
    ...uploadAllowed(TEAM),
    ...LOWER_SECTIONS,
    [LIST]: { status: 200, body: page([]) },
    [EVENTS]: { status: 200 },
    [`POST ${TEAM}/voices`]: { status: 402, body: { code: 'quota_exceeded' } },
  });
  const { user } = renderStudio(<Voices />);
  await user.click(await screen.findByRole('button', { name: 'Create voice' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'New voice' });
  await user.upload(within(dialog).getByLabelText('File to upload'), new File(['RIFF'], 'host.wav', { type: 'audio/wav' }));
  await waitFor(() => expect(uploads).toHaveLength(1));
  act(() => uploads[0]!.finish('up-1'));
  await user.type(within(dialog).getByLabelText('Voice name'), 'Host');
  await user.click(within(dialog).getByRole('button', { name: 'Create voice' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent('You have used up your quota. Upgrade your plan to create more.');
  expect(within(dialog).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/subscription');
});

test('before the first byte: a plan with no voice left is refused with why and the plans; an empty file is named as such', async () => {
  const server = fakeApi({
    [LIST]: { status: 200, body: page([]) },
    [EVENTS]: { status: 200 },
    [`POST ${TEAM}/uploads/check`]: { status: 402, body: { code: 'quota_exceeded', metric: 'custom_voices', plan: 'free' } },
  });
  const { user } = renderStudio(<Voices />);
  await user.click(await screen.findByRole('button', { name: 'Create voice' }));
  const dialog = await screen.findByRole('alertdialog', { name: 'New voice' });
  await user.upload(within(dialog).getByLabelText('File to upload'), new File(['RIFF'], 'host.wav', { type: 'audio/wav' }));
  expect(await within(dialog).findByRole('alert')).toHaveTextContent("Your plan's voice models for this month are used up.");
  expect(within(dialog).getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/subscription');
  expect(server.calls.find((c) => c.route === `POST ${TEAM}/uploads/check`)!.body).toMatchObject({ purpose: 'voice_audio', size_bytes: 4 });
  expect(uploads).toHaveLength(0);

  const asked = server.calls.length;
  await user.upload(within(dialog).getByLabelText('File to upload'), new File([], 'empty.wav', { type: 'audio/wav' }));
  expect(await within(dialog).findByText('This file is empty. Choose a file with content.')).toBeInTheDocument();
  expect(server.calls).toHaveLength(asked);
  expect(uploads).toHaveLength(0);
});
