import { fakeApi, screen, TEST_TEAM_ID, waitFor } from '@kagami/shared/testing';
import { renderAccount } from '../../components/render-account';
import { WatermarkSection } from './watermark-setting';

const team = (keep: boolean, removal: boolean) => ({
  status: 200,
  body: { id: TEST_TEAM_ID, name: 'Aoki Studio', role: 'owner', keep_watermark: keep, watermark_removal: removal },
});

test('on Free the watermark is kept and locked, with the way to the plans', async () => {
  fakeApi({ [`GET /api/teams/${TEST_TEAM_ID}`]: team(false, false) });
  renderAccount(<WatermarkSection />);
  const box = await screen.findByRole('checkbox', { name: 'Keep the Kagami watermark' });
  expect(box).toBeChecked();
  expect(box).toBeDisabled();
  expect(screen.getByText(/The Free plan keeps the Kagami watermark/)).toBeVisible();
  expect(screen.getByRole('link', { name: 'See the plans' })).toHaveAttribute('href', '/subscription');
});

test('a plan with watermark removal renders without it; the owner may keep it, and the choice is saved', async () => {
  const server = fakeApi({
    [`GET /api/teams/${TEST_TEAM_ID}`]: team(false, true),
    [`PUT /api/teams/${TEST_TEAM_ID}`]: team(true, true),
  });
  const { user } = renderAccount(<WatermarkSection />);
  const box = await screen.findByRole('checkbox', { name: 'Keep the Kagami watermark' });
  expect(box).not.toBeChecked();
  expect(box).toBeEnabled();
  expect(screen.getByText(/new videos of this team are rendered without it/)).toBeVisible();
  await user.click(box);
  await waitFor(() =>
    expect(server.calls.at(-1)).toMatchObject({ route: `PUT /api/teams/${TEST_TEAM_ID}`, body: { keep_watermark: true } }),
  );
  expect(await screen.findByText('New videos will carry the Kagami watermark.')).toBeVisible();
  expect(box).toBeChecked();
});

test('a member does not see the setting', () => {
  fakeApi();
  const { container } = renderAccount(<WatermarkSection />, { role: 'member' });
  expect(container).toBeEmptyDOMElement();
});
