import { fakeApi, screen, waitFor } from '@kagami/shared/testing';
import { renderAccount } from '../../components/render-account';
import { DataExportSection } from './data-export-section';

test('the data is fetched and saved as a dated JSON file; a failure says why', async () => {
  const saved: string[] = [];
  URL.createObjectURL = () => 'blob:data';
  URL.revokeObjectURL = () => undefined;
  const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  const server = fakeApi({ 'GET /api/users/export': { status: 200, body: { account: { email: 'aoki@example.com' }, teams: [] } } });
  const { user } = renderAccount(<DataExportSection />);
  expect(screen.getByRole('heading', { name: 'Your data' })).toBeInTheDocument();
  await user.click(screen.getByRole('button', { name: 'Download my data' }));
  await waitFor(() => expect(saved).toEqual([`kagami-data-${new Date().toISOString().slice(0, 10)}.json`]));
  expect(server.calls.map((c) => c.route)).toEqual(['GET /api/users/export']);

  server.on('GET /api/users/export', { status: 500, body: {} });
  await user.click(screen.getByRole('button', { name: 'Download my data' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong. Please try again later.');
  expect(saved).toHaveLength(1);
  click.mockRestore();
});
