import { fireEvent, renderApp, screen } from '@kagami/shared/testing';
import { ROUTES } from '@kagami/shared/contract';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import en from '../locales/en/shell.json';
import ja from '../locales/ja/shell.json';
import { loadScreen, registerConfiguredRemotes, RemoteUnavailableError, warmScreen } from './remote-loader';
import { RemoteScreen } from './remote-screen';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), registerRemotes: jest.fn() }));
const mockedLoad = loadRemote as jest.Mock;
const mockedRegister = registerRemotes as jest.Mock;

const Login = () => <h1>remote login</h1>;
const MANIFEST = 'http://remotes.test/auth/mf-manifest.json';

beforeEach(() => {
  mockedLoad.mockReset();
  mockedRegister.mockReset();
  registerConfiguredRemotes({ remote_auth: MANIFEST });
  jest.spyOn(console, 'warn').mockImplementation(() => {});
});

const serve = (contractVersion: string) =>
  mockedLoad.mockImplementation(async (id: string) => (id.endsWith('/contract') ? { contractVersion } : { default: Login }));

test('a screen of a compatible remote loads', async () => {
  serve('1.4.0');
  await expect(loadScreen('auth', 'Login')).resolves.toBe(Login);
  expect(mockedLoad).toHaveBeenCalledWith('remote_auth/Login');
});

test('a remote of another contract major is refused, even one that lacks the screen', async () => {
  serve('2.0.0');
  await expect(loadScreen('auth', 'Login')).rejects.toMatchObject({ reason: 'incompatible' });
  mockedLoad.mockImplementation(async (id: string) => {
    if (id.endsWith('/contract')) return { contractVersion: '2.0.0' };
    throw new Error('no such module');
  });
  await expect(loadScreen('auth', 'Login')).rejects.toMatchObject({ reason: 'incompatible' });
});

test('a remote that is not configured is reported as such, without a request', async () => {
  await expect(loadScreen('studio', 'Voices')).rejects.toMatchObject({ reason: 'not_configured' });
  expect(mockedLoad).not.toHaveBeenCalled();
});

test('a failed load is retried once after re-registering the remote, then reported unreachable', async () => {
  mockedLoad.mockRejectedValue(new Error('manifest fetch failed'));
  const error = await loadScreen('auth', 'Login').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(RemoteUnavailableError);
  expect(error).toMatchObject({ reason: 'unreachable' });
  // Two attempts, each asking for the contract and the screen together.
  expect(mockedLoad).toHaveBeenCalledTimes(4);
  expect(mockedRegister).toHaveBeenCalledWith([{ name: 'remote_auth', entry: MANIFEST }], { force: true });
});

test('a warmed screen is asked for once: the screen that shows it takes the load over', async () => {
  serve('1.4.0');
  warmScreen('auth', 'Login');
  expect(mockedLoad).toHaveBeenCalledWith('remote_auth/contract');
  await expect(loadScreen('auth', 'Login')).resolves.toBe(Login);
  expect(mockedLoad.mock.calls.map(([id]) => id)).toEqual(['remote_auth/contract', 'remote_auth/Login']);
  // Taken over once: a later visit loads afresh.
  await loadScreen('auth', 'Login');
  expect(mockedLoad).toHaveBeenCalledTimes(4);
});

test('a warm-up that failed is forgotten, so the screen then loads afresh', async () => {
  mockedLoad.mockRejectedValue(new Error('down'));
  warmScreen('auth', 'Signup');
  await new Promise((resolve) => setTimeout(resolve, 700));
  expect(mockedLoad).toHaveBeenCalledTimes(4);
  serve('1.4.0');
  await expect(loadScreen('auth', 'Signup')).resolves.toBe(Login);
  expect(mockedLoad).toHaveBeenCalledWith('remote_auth/Signup');
});

test('the fallback shows in place with a retry that loads the screen once the remote is back', async () => {
  mockedLoad.mockRejectedValue(new Error('down'));
  renderApp(<RemoteScreen route={ROUTES.find((r) => r.screen === 'Login')!} />, { namespaces: { shell: { en, ja } } });
  expect(await screen.findByText('Temporarily unavailable', {}, { timeout: 5000 })).toBeInTheDocument();
  serve('1.0.0');
  fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
  expect(await screen.findByRole('heading', { name: 'remote login' })).toBeInTheDocument();
});

test('on a data-saving connection nothing is preloaded; on another, the remotes load once the reader uses the page', () => {
  jest.useFakeTimers();
  const connection = { saveData: true, effectiveType: '4g' };
  Object.defineProperty(navigator, 'connection', { value: connection, configurable: true });
  // A fresh loader: the preload is armed once per page, and an earlier test's screen has armed it.
  jest.isolateModules(() => {
    const runtime = jest.requireMock<{ loadRemote: jest.Mock }>('@module-federation/enhanced/runtime');
    const loader = jest.requireActual<typeof import('./remote-loader')>('./remote-loader');
    runtime.loadRemote.mockResolvedValue({ contractVersion: '1.0.0' });
    // What the earlier screen armed runs at the first sign of a reader.
    fireEvent.pointerMove(window);
    jest.advanceTimersByTime(5_000);
    runtime.loadRemote.mockClear();
    loader.registerConfiguredRemotes({ remote_auth: MANIFEST });
    loader.preloadAfterFirstScreen([]);
    jest.advanceTimersByTime(20_000);
    expect(runtime.loadRemote).not.toHaveBeenCalled();

    fireEvent.pointerMove(window);
    jest.advanceTimersByTime(5_000);
    expect(runtime.loadRemote).not.toHaveBeenCalled();

    connection.saveData = false;
    loader.preloadAfterFirstScreen([]);
    jest.advanceTimersByTime(20_000);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    fireEvent.keyDown(window, { key: 'Tab' });
    jest.advanceTimersByTime(1_000);
    expect(runtime.loadRemote).not.toHaveBeenCalled();
    jest.advanceTimersByTime(1_000);
    expect(runtime.loadRemote).toHaveBeenCalledWith('remote_auth/contract');
  });
  jest.useRealTimers();
});
