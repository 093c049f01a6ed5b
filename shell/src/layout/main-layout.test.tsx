import { fakeApi, fireEvent, renderApp, screen, signedInStore, TEST_TEAM_ID } from '@kagami/shared/testing';
import en from '../locales/en/shell.json';
import ja from '../locales/ja/shell.json';
import { MainLayout } from './main-layout';

const namespaces = { shell: { en, ja } };

function phoneScreen() {
  const matchMedia = window.matchMedia;
  window.matchMedia = ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {} })) as never;
  return () => {
    window.matchMedia = matchMedia;
  };
}

test('the team shows before the team menu has loaded, and a press meanwhile opens the menu when it arrives', async () => {
  fakeApi({ 'GET /api/teams': { status: 200, body: [{ id: TEST_TEAM_ID, name: 'Aoki Studio', role: 'owner' }] } });
  const { store } = signedInStore();
  renderApp(<MainLayout />, { store, namespaces });
  expect(screen.getByTestId('current-team-name')).toHaveTextContent('Aoki Studio');
  expect(screen.queryByTestId('team-switcher')).not.toBeInTheDocument();
  fireEvent.click(screen.getByRole('button', { name: /Aoki Studio/ }));
  expect(await screen.findByRole('menuitem', { name: 'Create a team…' })).toBeInTheDocument();
  expect(screen.getByTestId('team-switcher')).toHaveAttribute('aria-expanded', 'true');
});

test('on a phone, the menu button pressed before the drawer has loaded opens it when it arrives', async () => {
  const restore = phoneScreen();
  try {
    fakeApi({ 'GET /api/teams': { status: 200, body: [] } });
    const { store } = signedInStore();
    renderApp(<MainLayout />, { store, namespaces });
    expect(screen.queryByTestId('menu-button')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Main menu' }));
    expect(await screen.findByRole('navigation', { name: 'Main menu' })).toBeInTheDocument();
    expect(screen.getByTestId('menu-button')).toHaveAttribute('aria-expanded', 'true');
  } finally {
    restore();
  }
});

test('without a press, the loaded menus stay closed', async () => {
  fakeApi({ 'GET /api/teams': { status: 200, body: [] } });
  const { store } = signedInStore();
  renderApp(<MainLayout />, { store, namespaces });
  expect(await screen.findByTestId('team-switcher')).toHaveAttribute('aria-expanded', 'false');
  expect(screen.queryByRole('menuitem')).not.toBeInTheDocument();
});
