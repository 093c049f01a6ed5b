import { createStore } from 'jotai';
import { browserStorage, sessionStatusAtom } from '@kagami/shared/session';
import { warmScreen } from '../remotes/remote-loader';
import { startFirstScreen } from './first-screen';

jest.mock('../remotes/remote-loader', () => ({ warmScreen: jest.fn() }));
jest.mock('../layout/main-layout', () => ({ MainLayout: () => null }));
const warmed = warmScreen as jest.Mock;

beforeEach(() => {
  warmed.mockReset();
  browserStorage.remove('localUser');
});

// The session's check asks the API; here it never answers, which leaves the session being verified.
const unansweredFetch = jest.fn(() => new Promise<Response>(() => undefined));
beforeAll(() => Object.defineProperty(globalThis, 'fetch', { value: unansweredFetch, configurable: true, writable: true }));
afterAll(() => Reflect.deleteProperty(globalThis, 'fetch'));

test("a signed-in reader's screen is asked for with the session's check, before anything renders", () => {
  browserStorage.set('localUser', JSON.stringify({ accessToken: 'token', tokenType: 'Bearer' }));
  const store = createStore();
  startFirstScreen(store, '/videos');
  expect(store.get(sessionStatusAtom)).toBe('verifying');
  expect(unansweredFetch).toHaveBeenCalledWith(expect.stringContaining('/api/profile'), expect.anything());
  expect(warmed).toHaveBeenCalledWith('studio', 'Videos');
});

test('a signed-out reader gets the sign-in screen early, and no screen that needs a session', () => {
  const store = createStore();
  startFirstScreen(store, '/videos');
  expect(store.get(sessionStatusAtom)).toBe('anonymous');
  expect(warmed).not.toHaveBeenCalled();
  startFirstScreen(createStore(), '/login');
  expect(warmed).toHaveBeenCalledWith('auth', 'Login');
});

test('a path of no screen warms nothing', () => {
  startFirstScreen(createStore(), '/no-such-screen');
  expect(warmed).not.toHaveBeenCalled();
});
