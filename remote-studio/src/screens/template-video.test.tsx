import { fakeApi, screen, waitFor, within } from '@kagami/shared/testing';
import { renderStudio, TEAM } from '../components/render-studio';
import { avatarJson, page, videoJson, voiceJson } from '../testing/fixtures';
import { AVATAR_ID, TEMPLATE_ID, templateJson } from '../testing/template-fixtures';
import TemplateVideo from './template-video';

const TEMPLATE = `${TEAM}/templates/${TEMPLATE_ID}`;
const PREVIEW = `POST ${TEAM}/layout-preview`;

const render = (language: 'en' | 'ja' = 'en') =>
  renderStudio(<TemplateVideo />, { route: `/templates/${TEMPLATE_ID}`, path: '/templates/:templateId', language });

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:still');
  URL.revokeObjectURL = jest.fn();
});

test('a field per variable, the default filled in; the preview of the first scene is asked again with the values', async () => {
  const server = fakeApi({
    [`GET ${TEMPLATE}`]: { status: 200, body: templateJson() },
    [PREVIEW]: { status: 200, body: 'jpeg', contentType: 'image/jpeg' },
  });
  const { user } = render();
  const firstName = await screen.findByRole('textbox', { name: /^first_name/ }, { timeout: 5000 });
  expect(firstName).toHaveValue('');
  expect(firstName).toBeRequired();
  const company = screen.getByRole('textbox', { name: 'company' });
  expect(company).toHaveValue('Kagami');
  expect(screen.getByText('Left empty: “Kagami”')).toBeInTheDocument();
  expect(screen.getByRole('heading', { name: 'Welcome', level: 1 })).toBeInTheDocument();
  expect(await screen.findByTestId('template-still')).toHaveAttribute('src', 'blob:still');
  // Before a value: the placeholder shows where it goes.
  const previews = () => server.calls.filter((call) => call.route === PREVIEW);
  expect(previews()[0]!.body).toMatchObject({
    avatar_id: AVATAR_ID,
    aspect_ratio: '16:9',
    background: { type: 'color', value: '#1E3A5F' },
    placement: { position: 'corner', scale: 0.35 },
    elements: [{ type: 'text', role: 'lower_third', text: 'For {{first_name}}' }],
  });

  await user.type(firstName, 'Ada');
  await user.clear(company);
  await user.type(company, 'Acme');
  // Asked once the typing stopped, with the values filled in.
  await waitFor(() =>
    expect(previews().at(-1)!.body.elements).toEqual([{ type: 'text', role: 'lower_third', text: 'For Ada', entrance: 'fade' }]),
  );
  expect(previews().length).toBeLessThan(4);
  expect(screen.getByTestId('template-script')).toHaveTextContent('Hello Ada, welcome to Acme.');
});

test('Generate asks for a value without a default; then makes the video with the values and opens it', async () => {
  const video = videoJson({ name: 'Welcome', status: 'in_progress' });
  const server = fakeApi({
    [`GET ${TEMPLATE}`]: { status: 200, body: templateJson() },
    [PREVIEW]: { status: 200, body: 'jpeg' },
    [`POST ${TEMPLATE}/videos`]: { status: 202, body: video },
  });
  const { user } = render();
  await screen.findByRole('textbox', { name: /^first_name/ }, { timeout: 5000 });
  await user.click(screen.getByRole('button', { name: 'Generate video' }));
  const firstName = screen.getByRole('textbox', { name: /^first_name/ });
  expect(await screen.findByText('This field is required.')).toBeInTheDocument();
  expect(server.calls.filter((call) => call.route === `POST ${TEMPLATE}/videos`)).toHaveLength(0);

  await user.type(firstName, 'Grace');
  await user.type(screen.getByRole('textbox', { name: 'Video name' }), 'Hello Grace');
  await user.click(screen.getByRole('button', { name: 'Generate video' }));
  expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
  expect(server.calls.find((call) => call.route === `POST ${TEMPLATE}/videos`)!.body).toEqual({
    name: 'Hello Grace',
    variables: { first_name: 'Grace', company: 'Kagami' },
  });
});

test("the API's refusal is said at the variable's field, in Japanese too, and the values stay", async () => {
  fakeApi({
    [`GET ${TEMPLATE}`]: { status: 200, body: templateJson() },
    [PREVIEW]: { status: 200, body: 'jpeg' },
    [`POST ${TEMPLATE}/videos`]: {
      status: 422,
      body: {
        code: 'template_variable_missing',
        message: 'Give a value for company.',
        variables: ['company'],
        fields: { 'variables.company': { key: 'errors.template_variable_missing', params: { variables: 'company' }, message: '' } },
      },
    },
  });
  const { user } = render('ja');
  const firstName = await screen.findByRole('textbox', { name: /^first_name/ }, { timeout: 5000 });
  await user.type(firstName, 'Ada');
  await user.click(screen.getByRole('button', { name: '動画を生成' }));
  const company = screen.getByRole('textbox', { name: 'company' });
  const field = company.closest('[data-part=root]') as HTMLElement;
  expect(await within(field).findByRole('alert')).toHaveTextContent('company');
  expect(firstName).toHaveValue('Ada');
  expect(company).toHaveValue('Kagami');
  expect(screen.queryByTestId('elsewhere')).not.toBeInTheDocument();
});

test('a template that is gone says so and leads back to Templates', async () => {
  fakeApi({ [`GET ${TEMPLATE}`]: { status: 404, body: { code: 'not_found', message: 'Template not found.' } } });
  render();
  expect(await screen.findByText('This template was not found. It may have been deleted.', {}, { timeout: 5000 })).toBeInTheDocument();
  expect(screen.getAllByRole('link', { name: 'Go to Templates' })[0]).toHaveAttribute('href', '/templates');
});

test('another presenter and voice may be chosen for this video; the template keeps its own', async () => {
  const video = videoJson({ name: 'Welcome', status: 'in_progress' });
  const hana = avatarJson({ id: 'a-hana', name: 'Hana', status: 'ready' });
  const narrator = voiceJson({ id: 'v-narrator', name: 'Narrator', status: 'ready' });
  const server = fakeApi({
    [`GET ${TEMPLATE}`]: { status: 200, body: templateJson() },
    [PREVIEW]: { status: 200, body: 'jpeg' },
    [`GET ${TEAM}/avatars`]: { status: 200, body: page([hana]) },
    [`GET ${TEAM}/voices`]: { status: 200, body: page([narrator]) },
    [`POST ${TEMPLATE}/videos`]: { status: 202, body: video },
  });
  const { user } = render();
  await user.type(await screen.findByRole('textbox', { name: /^first_name/ }, { timeout: 5000 }), 'Ada');
  const presenter = screen.getByRole('combobox', { name: 'Presenter' });
  expect(presenter).toHaveValue('');
  await waitFor(() => expect(within(presenter).getByRole('option', { name: 'Hana' })).toBeInTheDocument());
  await user.selectOptions(presenter, 'a-hana');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Voice' }), 'v-narrator');
  await user.click(screen.getByRole('button', { name: 'Generate video' }));
  expect(await screen.findByTestId('elsewhere')).toBeInTheDocument();
  expect(server.calls.find((call) => call.route === `POST ${TEMPLATE}/videos`)!.body).toEqual({
    variables: { first_name: 'Ada', company: 'Kagami' },
    avatar_id: 'a-hana',
    voice_id: 'v-narrator',
  });
});
