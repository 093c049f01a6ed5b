import { createStore } from 'jotai';
import { configureApi } from '../api';
import { fakeApi } from '../testing/fake-api';
import { STORAGE_KEYS } from '../contract';
import { createSessionActions, RESTORE_RETRY_DELAYS_MS } from './actions';
import {
  apiSubscriptionAtom,
  profileAtom,
  quotaAtom,
  sessionStatusAtom,
  signupEmailAtom,
  subscriptionAtom,
  teamsAtom,
  userAtom,
} from './atoms';
import { readStoredUser } from './storage';

const profile = {
  id: 'u1',
  name: 'Aiko',
  email: 'a@x.com',
  teams: [{ id: 't1', name: 'T', role: 'owner' }],
  current_team: { id: 't1', name: 'T', role: 'owner' },
};

function setup() {
  const store = createStore();
  configureApi({ getToken: () => readStoredUser()?.accessToken ?? store.get(userAtom)?.accessToken, onUnauthorized: () => {} });
  return { store, actions: createSessionActions(store) };
}

beforeEach(() => localStorage.clear());
jest.spyOn(console, 'warn').mockImplementation(() => {});

test('login stores the token, then loads profile, subscription, API subscription, quota and teams together', async () => {
  const server = fakeApi({
    'POST /api/login': { status: 200, body: { access_token: 'tok', token_type: 'Bearer' } },
    'GET /api/profile': { status: 200, body: profile },
    'GET /api/users/subscription': { status: 200, body: { subscription: { plan: { alias: 'pro' } } } },
    'GET /api/users/api-subscription': { status: 200, body: { has_api_subscription: true, subscription: { plan: { alias: 'api' } } } },
    'GET /api/users/quota': { status: 200, body: { quota: { used: 1 } } },
    'GET /api/teams': { status: 200, body: [{ id: 't1', name: 'T', role: 'owner' }] },
  });
  const { store, actions } = setup();
  await actions.login('a@x.com', 'pw');
  expect(
    server.calls
      .map((c) => c.route)
      .slice(1)
      .sort(),
  ).toEqual(
    ['GET /api/profile', 'GET /api/teams', 'GET /api/users/api-subscription', 'GET /api/users/quota', 'GET /api/users/subscription'].sort(),
  );
  expect(server.calls.slice(1).every((c) => c.headers.authorization === 'Bearer tok')).toBe(true);
  expect(store.get(sessionStatusAtom)).toBe('signedIn');
  expect(store.get(profileAtom)?.currentTeam?.name).toBe('T');
  expect(store.get(subscriptionAtom)).toEqual({ plan: { alias: 'pro' } });
  expect(store.get(apiSubscriptionAtom)).toEqual({ plan: { alias: 'api' } });
  expect(store.get(quotaAtom)).toEqual({ used: 1 });
  expect(store.get(teamsAtom)).toHaveLength(1);
  expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.localUser)!)).toEqual({ accessToken: 'tok', tokenType: 'Bearer' });
  expect(localStorage.getItem(STORAGE_KEYS.teamId)).toBe('t1');
});

test('a login answer without an access token is an error; side loads that fail are only logged; a failed profile reads as empty', async () => {
  fakeApi({ 'POST /api/login': { status: 200, body: { token_type: 'Bearer' } } });
  await expect(setup().actions.login('a@x.com', 'pw')).rejects.toMatchObject({ code: 'unknown' });

  fakeApi({
    'POST /api/login': { status: 200, body: { access_token: 'tok', token_type: 'Bearer' } },
    'GET /api/profile': { status: 500, body: {} },
    'GET /api/users/subscription': { status: 404, body: {} },
    'GET /api/users/api-subscription': { status: 200, body: { has_api_subscription: true } },
    'GET /api/users/quota': { status: 500, body: {} },
    'GET /api/teams': { status: 200, body: [] },
  });
  const { store, actions } = setup();
  await actions.login('a@x.com', 'pw');
  expect(store.get(profileAtom)).toMatchObject({ name: null, teams: [] });
  expect(store.get(subscriptionAtom)).toBeNull();
  expect(store.get(apiSubscriptionAtom)).toBeNull();
});

test('signup needs a token, then loads the profile only', async () => {
  localStorage.setItem(STORAGE_KEYS.invitationCode, 'INV1');
  const server = fakeApi({
    'POST /api/auth/signup': { status: 201, body: { token: 'new' } },
    'GET /api/profile': { status: 200, body: { ...profile, name: null } },
  });
  const { store, actions } = setup();
  await actions.signup({ email: 'a@x.com', password: 'pw12345678', code: '123456', language: 'ja' });
  expect(server.calls.map((c) => c.route)).toEqual(['POST /api/auth/signup', 'GET /api/profile']);
  expect(server.calls[0]!.body).toMatchObject({ invitation_code: 'INV1', language: 'ja' });
  expect(store.get(sessionStatusAtom)).toBe('signedIn');
  // Not redeemed (the team step explains why): the code stays.
  expect(localStorage.getItem(STORAGE_KEYS.invitationCode)).toBe('INV1');
});

test('a code redeemed with the sign-up is spent: no join dialog asks for it again', async () => {
  localStorage.setItem(STORAGE_KEYS.invitationCode, 'INV2');
  fakeApi({
    'POST /api/auth/signup': { status: 201, body: { token: 'new', joined_team: { id: 't1', name: 'T' } } },
    'GET /api/profile': { status: 200, body: profile },
  });
  await setup().actions.signup({ email: 'a@x.com', password: 'pw12345678', code: '123456', language: 'en' });
  expect(localStorage.getItem(STORAGE_KEYS.invitationCode)).toBeNull();
});

test('restore verifies the stored token; on failure everything is cleared', async () => {
  localStorage.setItem(STORAGE_KEYS.localUser, JSON.stringify({ accessToken: 'old', tokenType: 'Bearer' }));
  for (const key of ['teamId', 'invitationCode', 'intendedDestination'] as const) localStorage.setItem(STORAGE_KEYS[key], 'x');
  fakeApi({ 'GET /api/profile': { status: 401, body: { code: 'unauthorized' } } });
  const { store, actions } = setup();
  store.set(signupEmailAtom, 'left@over.com');
  await actions.restore();
  expect(store.get(sessionStatusAtom)).toBe('anonymous');
  expect(store.get(userAtom)).toBeNull();
  expect(store.get(signupEmailAtom)).toBe('');
  for (const key of ['localUser', 'teamId', 'invitationCode', 'intendedDestination'] as const) {
    expect(localStorage.getItem(STORAGE_KEYS[key])).toBeNull();
  }
});

test('restore without an answer from the server asks again, then keeps the stored token and reports the server unreachable', async () => {
  jest.useFakeTimers();
  localStorage.setItem(STORAGE_KEYS.localUser, JSON.stringify({ accessToken: 'kept', tokenType: 'Bearer' }));
  let attempts = 0;
  globalThis.fetch = (() => {
    attempts += 1;
    return Promise.reject(new TypeError('Failed to fetch'));
  }) as typeof fetch;
  const { store, actions } = setup();
  const restoring = actions.restore();
  await jest.advanceTimersByTimeAsync(RESTORE_RETRY_DELAYS_MS.reduce((sum, ms) => sum + ms, 0));
  await restoring;
  jest.useRealTimers();
  expect(attempts).toBe(RESTORE_RETRY_DELAYS_MS.length + 1);
  expect(store.get(sessionStatusAtom)).toBe('unreachable');
  expect(readStoredUser()?.accessToken).toBe('kept');
});

test('restore signs in when the server answers on a later try', async () => {
  jest.useFakeTimers();
  localStorage.setItem(STORAGE_KEYS.localUser, JSON.stringify({ accessToken: 'good', tokenType: 'Bearer' }));
  let tries = 0;
  fakeApi({
    'GET /api/profile': () => {
      tries += 1;
      if (tries === 1) throw new TypeError('Failed to fetch');
      return { status: 200, body: profile };
    },
    'GET /api/users/subscription': { status: 200, body: {} },
    'GET /api/users/api-subscription': { status: 200, body: {} },
    'GET /api/users/quota': { status: 200, body: {} },
  });
  const { store, actions } = setup();
  const restoring = actions.restore();
  await jest.advanceTimersByTimeAsync(RESTORE_RETRY_DELAYS_MS[0]!);
  await restoring;
  jest.useRealTimers();
  expect(tries).toBe(2);
  expect(store.get(sessionStatusAtom)).toBe('signedIn');
});

test('restore with a good token signs in and loads the same as login, without the team list', async () => {
  localStorage.setItem(STORAGE_KEYS.localUser, JSON.stringify({ accessToken: 'good', tokenType: 'Bearer' }));
  const server = fakeApi({
    'GET /api/profile': { status: 200, body: profile },
    'GET /api/users/subscription': { status: 200, body: {} },
    'GET /api/users/api-subscription': { status: 200, body: {} },
    'GET /api/users/quota': { status: 200, body: {} },
  });
  const { store, actions } = setup();
  await actions.restore();
  expect(store.get(sessionStatusAtom)).toBe('signedIn');
  expect(server.calls.map((c) => c.route)).not.toContain('GET /api/teams');
  expect(store.get(teamsAtom)).toEqual(profile.teams);
});

test('logout revokes the token on the server and clears the session', async () => {
  localStorage.setItem(STORAGE_KEYS.localUser, JSON.stringify({ accessToken: 'live', tokenType: 'Bearer' }));
  const server = fakeApi({ 'POST /api/logout': { status: 204 } });
  const { store, actions } = setup();
  await actions.logout();
  expect(server.calls[0]!.headers.authorization).toBe('Bearer live');
  expect(localStorage.getItem(STORAGE_KEYS.localUser)).toBeNull();
  expect(store.get(sessionStatusAtom)).toBe('anonymous');
});

test('a first team after sign-up loads the plan and quota (the menu meter shows at once); billing just loaded is not fetched again', async () => {
  const server = fakeApi({
    'GET /api/profile': { status: 200, body: profile },
    'GET /api/users/subscription': { status: 200, body: { subscription: { plan: { alias: 'free' } } } },
    'GET /api/users/api-subscription': { status: 200, body: { has_api_subscription: false, subscription: null } },
    'GET /api/users/quota': { status: 200, body: { quota: { plan: 'free' } } },
  });
  const { store, actions } = setup();
  store.set(profileAtom, { ...profile, teams: [], currentTeam: null } as never);
  await actions.refreshProfile();
  expect(store.get(quotaAtom)).toEqual({ plan: 'free' });
  const billingCalls = () => server.calls.filter((c) => c.route !== 'GET /api/profile').length;
  expect(billingCalls()).toBe(3);

  // The same team again: nothing more; a screen opening asks only for figures that are not fresh.
  await actions.refreshProfile();
  await actions.refreshBilling({ unlessFresh: true });
  expect(billingCalls()).toBe(3);
  await actions.refreshBilling();
  expect(billingCalls()).toBe(6);
  // Later (the figures no longer fresh), a screen opening while the session is loading them waits for that load,
  // even with actions of its own (each component makes its own; they share the store).
  const later = Date.now() + 60_000;
  const clock = jest.spyOn(Date, 'now').mockReturnValue(later);
  const loading = actions.refreshBilling();
  await createSessionActions(store).refreshBilling({ unlessFresh: true });
  await loading;
  expect(billingCalls()).toBe(9);
  clock.mockRestore();
});
