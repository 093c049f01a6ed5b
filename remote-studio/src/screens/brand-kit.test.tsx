import { fakeApi, screen, waitFor, within } from '@kagami/shared/testing';
import { renderStudio, TEAM } from '../components/render-studio';
import { signedAsset, uploadAllowed } from '../testing/fixtures';
import { resetStandIn, uploads } from '../testing/tus-stand-in';
import BrandKit from './brand-kit';

jest.mock('tus-js-client', () => jest.requireActual('../testing/tus-stand-in').tusStandIn());

const KIT = `${TEAM}/brand-kit`;
const kitJson = (overrides: Record<string, unknown> = {}) => ({
  colors: ['#0F766E', '#F59E0B'],
  logo: { upload_id: 'logo-1', preview: '/assets/data/avatar_output/picture-logo-1.png' },
  heading_font: { upload_id: 'font-1', name: 'Serif.ttf' },
  body_font: null,
  intro: { upload_id: 'intro-1', preview: '/assets/data/avatar_output/background-intro-1.jpg', duration_seconds: 4.2 },
  outro: null,
  updated_at: '2026-12-01T10:00:00Z',
  ...overrides,
});

beforeEach(resetStandIn);

test('the kit loads: its colours as swatches with hex inputs, the accent first, its logo and its fonts by name', async () => {
  fakeApi({ [`GET ${KIT}`]: { status: 200, body: kitJson() }, 'GET /assets/*': signedAsset });
  renderStudio(<BrandKit />);
  // The first screen of the suite loads slowly on a busy machine.
  expect(await screen.findByLabelText('Accent colour', {}, { timeout: 5000 })).toHaveValue('#0F766E');
  expect(screen.getByLabelText('Colour 2')).toHaveValue('#F59E0B');
  expect(screen.getAllByTestId('brand-swatch')[0]).toHaveStyle({ background: '#0F766E' });
  expect(screen.getByTestId('brand-logo')).toBeInTheDocument();
  expect(screen.getByTestId('brand-headingFont')).toHaveTextContent('Serif.ttf');
  const fonts = screen.getByRole('region', { name: 'Fonts' });
  expect(within(fonts).getByText('None')).toBeInTheDocument();
  expect(within(screen.getByTestId('brand-intro')).getByText('Plays for 4.2 s')).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Intro and outro' })).getByText('None')).toBeInTheDocument();
});

test('an invalid hex is said under its field and nothing is sent; a corrected colour, a new font and a removed logo are saved', async () => {
  const server = fakeApi({
    ...uploadAllowed(TEAM),
    [`GET ${KIT}`]: { status: 200, body: kitJson() },
    [`PUT ${KIT}`]: (request: { body: Record<string, unknown> }) => ({
      status: 200,
      body: kitJson({ colors: request.body.colors, logo: null, body_font: { upload_id: 'font-2', name: 'Body.woff2' } }),
    }),
    'GET /assets/*': signedAsset,
  });
  const { user } = renderStudio(<BrandKit />);
  const accent = await screen.findByLabelText('Accent colour', {}, { timeout: 5000 });
  await user.clear(accent);
  await user.type(accent, 'teal');
  await user.click(screen.getByRole('button', { name: 'Save brand kit' }));
  expect(await screen.findByText('Enter a colour as # and six hexadecimal digits, such as #0F766E.')).toBeInTheDocument();
  expect(server.calls.filter((call) => call.route === `PUT ${KIT}`)).toHaveLength(0);

  await user.clear(accent);
  await user.type(accent, '#112233');
  await waitFor(() => expect(screen.queryByText(/six hexadecimal digits/)).not.toBeInTheDocument());
  expect(screen.getAllByTestId('brand-swatch')[0]).toHaveStyle({ background: '#112233' });
  await user.click(screen.getByRole('button', { name: 'Add a colour' }));
  expect(screen.getByLabelText('Colour 3')).toHaveValue('#0F766E');
  await user.click(screen.getByRole('button', { name: 'Remove Colour 2' }));

  const logo = screen.getByRole('region', { name: 'Logo' });
  await user.click(within(logo).getByRole('button', { name: 'Remove' }));
  await user.upload(screen.getByLabelText('File for Body font'), new File(['wOF2'], 'Body.woff2', { type: 'font/woff2' }));
  await waitFor(() => expect(uploads).toHaveLength(1));
  expect(uploads[0]!.options.metadata).toMatchObject({ purpose: 'font' });
  uploads[0]!.finish('font-2');
  expect(await screen.findByTestId('brand-bodyFont')).toHaveTextContent('Body.woff2');

  await user.click(screen.getByRole('button', { name: 'Save brand kit' }));
  expect(await screen.findByText('The brand kit is saved.')).toBeInTheDocument();
  expect(server.calls.filter((call) => call.route === `PUT ${KIT}`).pop()!.body).toEqual({
    colors: ['#112233', '#0F766E'],
    logo_upload_id: null,
    heading_font_upload_id: 'font-1',
    body_font_upload_id: 'font-2',
    // What the screen did not touch is kept: the whole kit is sent.
    intro_upload_id: 'intro-1',
    outro_upload_id: null,
  });
});

test("the API's refusal lands under its field, in Japanese too; a new logo is uploaded as a picture", async () => {
  fakeApi({
    ...uploadAllowed(TEAM),
    [`GET ${KIT}`]: { status: 200, body: kitJson({ logo: null }) },
    [`PUT ${KIT}`]: {
      status: 422,
      body: {
        code: 'upload_not_ready',
        message: 'The upload is not finished.',
        fields: { logo_upload_id: { key: 'errors.upload_not_ready', params: {}, message: '' } },
      },
    },
  });
  const { user } = renderStudio(<BrandKit />, { language: 'ja' });
  await screen.findByLabelText('アクセントカラー', {}, { timeout: 5000 });
  await user.upload(screen.getByLabelText('ロゴ画像（PNG、JPEG、WebP）のファイル'), new File(['png'], 'logo.png', { type: 'image/png' }));
  await waitFor(() => expect(uploads).toHaveLength(1));
  expect(uploads[0]!.options.metadata).toMatchObject({ purpose: 'image' });
  uploads[0]!.finish('logo-2');
  expect(await screen.findByText('logo.png')).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'ブランドキットを保存' }));
  const logo = screen.getByRole('region', { name: 'ロゴ' });
  expect(await within(logo).findByRole('alert')).toHaveTextContent(/アップロード/);
});
