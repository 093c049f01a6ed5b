import { fakeApi, screen, TEST_TEAM_ID } from '@kagami/shared/testing';
import { renderAccount } from '../../components/render-account';
import { ApiPlanSection } from './api-plan-section';

const route = `GET /api/teams/${TEST_TEAM_ID}/api-quota`;

test('without an API plan the page says API calls need one and leads to the API plans', async () => {
  fakeApi({ [route]: { status: 200, body: { has_api_subscription: false, quota: null, owner_is_you: true } } });
  renderAccount(<ApiPlanSection />);
  expect(await screen.findByText('API calls need an API plan')).toBeVisible();
  expect(screen.getByText(/without one they answer 402 api_subscription_required/)).toBeVisible();
  expect(screen.getByRole('link', { name: 'See the API plans' })).toHaveAttribute('href', '/subscription?plans=api');
});

test('with an API plan: its name and the minutes used and left; a member is told it is the owner’s', async () => {
  const quota = {
    plan: 'api-starter',
    video_minutes: { used: 12.5, total: 60, unit: 'mins' },
    next_renewal_date: '2026-12-20T00:00:00.000Z',
  };
  fakeApi({ [route]: { status: 200, body: { has_api_subscription: true, quota, owner_is_you: false } } });
  renderAccount(<ApiPlanSection />, { role: 'member' });
  expect(await screen.findByText('API Starter')).toBeVisible();
  expect(screen.getByText('12.5 of 60 min used, 47.5 min left')).toBeVisible();
  expect(screen.getByText(/only they can change it/)).toBeVisible();
  expect(screen.queryByRole('link')).toBeNull();
});

test('a failed load offers to try again', async () => {
  fakeApi({ [route]: { status: 500, body: { code: 'unknown', message: 'x' } } });
  renderAccount(<ApiPlanSection />);
  expect(await screen.findByRole('button', { name: /try again|retry/i })).toBeVisible();
});
