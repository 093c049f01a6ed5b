import { fakeApi, screen } from '@kagami/shared/testing';
import { renderAccount } from '../../components/render-account';
import { ApiUseSection } from './api-use-section';

const AVATARS = 'GET /api/teams/00000000-0000-4000-8000-000000000001/avatars';

test("the examples use the team's newest ready avatar and link to the API reference", async () => {
  fakeApi({
    [AVATARS]: {
      status: 200,
      body: {
        items: [
          { id: 'a-rendering', name: 'Busy', status: 'in_progress', default_voice_id: null },
          { id: 'a-ready', name: 'Aiko', status: 'ready', default_voice_id: null },
        ],
      },
    },
  });
  renderAccount(<ApiUseSection />);
  expect(await screen.findByText('Make a video with Aiko')).toBeInTheDocument();
  expect(screen.getByTestId('curl-create')).toHaveTextContent('"avatar_id":"a-ready"');
  expect(screen.getByTestId('cli-example')).toHaveTextContent('--avatar a-ready');
  expect(screen.getByTestId('api-reference-link').getAttribute('href')).toMatch(/\/api\/v1\/docs$/);
});

test('without an avatar the examples say to make one first', async () => {
  fakeApi({ [AVATARS]: { status: 200, body: { items: [] } } });
  renderAccount(<ApiUseSection />);
  expect(await screen.findByText('Create an avatar first: the example below then uses its id.')).toBeInTheDocument();
  expect(screen.getByTestId('curl-create')).toHaveTextContent('"avatar_id":"AVATAR_ID"');
});
