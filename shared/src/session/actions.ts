import type { createStore } from 'jotai';
import { ApiError, authApi, teamApi, userApi, type BearerToken, type GooglePayload } from '../api';
import type { UiLanguage } from '../validation';
import {
  apiSubscriptionAtom,
  EMPTY_PROFILE,
  profileAtom,
  quotaAtom,
  sessionStatusAtom,
  signupEmailAtom,
  signupPasswordAtom,
  subscriptionAtom,
  teamsAtom,
  userAtom,
} from './atoms';
import { browserStorage, readStoredUser } from './storage';

type Store = ReturnType<typeof createStore>;

/** How long restoring waits before asking for the profile again after a request got no answer. */
export const RESTORE_RETRY_DELAYS_MS = [500, 1500];
const isUnanswered = (error: unknown) => error instanceof ApiError && error.status === 0;

const missingToken = () => new ApiError(500, { code: 'unknown', message: 'The server did not return a token.' });

/** SPEC §8: a profile that cannot be loaded reads as empty; the other loads are only logged. */
async function loadProfile(store: Store) {
  try {
    const profile = await userApi.profile();
    store.set(profileAtom, profile);
    if (profile.currentTeam) browserStorage.set('teamId', profile.currentTeam.id);
    return profile;
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) throw error;
    store.set(profileAtom, EMPTY_PROFILE);
    return EMPTY_PROFILE;
  }
}

async function loadLogged<T>(what: string, load: () => Promise<T>, apply: (value: T) => void) {
  try {
    apply(await load());
  } catch (error) {
    console.warn(`Failed to load ${what}`, error);
  }
}

const loadSubscription = (store: Store) =>
  loadLogged('subscription', userApi.subscription, (value) => store.set(subscriptionAtom, value?.subscription ?? null));

/** SPEC §4: without the flag or the subscription, the API subscription is cleared. */
const loadApiSubscription = (store: Store) =>
  loadLogged('API subscription', userApi.apiSubscription, (response) =>
    store.set(apiSubscriptionAtom, response?.hasApiSubscription && response.subscription ? response.subscription : null),
  );

const loadQuota = (store: Store) => loadLogged('quota', userApi.quota, (value) => store.set(quotaAtom, value?.quota ?? null));

const loadTeams = (store: Store) => loadLogged('teams', teamApi.list, (teams) => store.set(teamsAtom, teams));

/** The token is kept at once (the loads need it); the session counts as signed in only once they are done. */
function setUser(store: Store, token: BearerToken) {
  store.set(userAtom, token);
  browserStorage.set('localUser', JSON.stringify(token));
}

/** Clears everything SPEC §4 lists for a logout or a failed verification. */
export function clearSession(store: Store) {
  store.set(userAtom, null);
  store.set(profileAtom, null);
  store.set(subscriptionAtom, null);
  store.set(apiSubscriptionAtom, null);
  store.set(quotaAtom, null);
  store.set(signupEmailAtom, '');
  store.set(signupPasswordAtom, '');
  store.set(teamsAtom, []);
  for (const key of ['localUser', 'teamId', 'invitationCode', 'intendedDestination'] as const) browserStorage.remove(key);
  store.set(sessionStatusAtom, 'anonymous');
}

/** How long billing figures loaded by the session count as fresh for a screen that would load them again on opening. */
const BILLING_FRESH_MS = 15_000;

/** The session's billing load, per store: every component's actions (the shell's and each remote's) see the same one. */
const billingLoads = new WeakMap<Store, { loadedAt: number; loading: Promise<void> | null }>();

export function createSessionActions(store: Store) {
  const billing = () => billingLoads.get(store) ?? billingLoads.set(store, { loadedAt: 0, loading: null }).get(store)!;
  /** The plan, API plan and quota, loaded together (SPEC §4); remembered while under way and once done. */
  const loadBilling = () => {
    const loading = Promise.all([loadSubscription(store), loadApiSubscription(store), loadQuota(store)]).then(() => {
      billing().loadedAt = Date.now();
      if (billing().loading === loading) billing().loading = null;
    });
    billing().loading = loading;
    return loading;
  };

  async function afterLogin(token: BearerToken | { accessToken?: string }) {
    if (!token?.accessToken) throw missingToken();
    setUser(store, { accessToken: token.accessToken, tokenType: 'Bearer' });
    await Promise.all([loadProfile(store), loadBilling(), loadTeams(store)]);
    store.set(sessionStatusAtom, 'signedIn');
  }

  /** The profile, asked again after a short wait when a request got no answer (a network blip, a server restarting). */
  async function profileWithRetries() {
    for (const waitMs of RESTORE_RETRY_DELAYS_MS) {
      try {
        return await userApi.profile();
      } catch (error) {
        if (!isUnanswered(error)) throw error;
        await new Promise((resolve) => setTimeout(resolve, waitMs));
      }
    }
    return userApi.profile();
  }

  return {
    login: async (email: string, password: string) => afterLogin(await authApi.login(email, password)),

    googleLogin: async (payload: GooglePayload, mode: 'login' | 'signup' = 'login') =>
      afterLogin(await (mode === 'signup' ? authApi.googleSignup(payload) : authApi.googleLogin(payload))),

    /** Signs in with Google once the owner of the password account of its address typed the code mailed there. */
    googleLink: async (linkToken: string, code: string) => afterLogin(await authApi.googleLink(linkToken, code)),

    signup: async (input: { email: string; password: string; code: string; language: UiLanguage }) => {
      const invitationCode = browserStorage.get('invitationCode') ?? undefined;
      const response = await authApi.signup({ ...input, invitationCode });
      if (!response?.token) throw missingToken();
      // Redeemed with the sign-up: nothing is left to join (a code that was not stays for the team step to explain).
      if (response.joinedTeam) browserStorage.remove('invitationCode');
      setUser(store, { accessToken: response.token, tokenType: 'Bearer' });
      store.set(signupPasswordAtom, '');
      await loadProfile(store);
      store.set(sessionStatusAtom, 'signedIn');
    },

    /** First navigation: restore the stored user and verify its token; a rejected token signs out. */
    restore: async () => {
      const stored = readStoredUser();
      if (!stored) {
        store.set(sessionStatusAtom, 'anonymous');
        return;
      }
      store.set(userAtom, stored);
      store.set(sessionStatusAtom, 'verifying');
      try {
        const profile = await profileWithRetries();
        store.set(profileAtom, profile);
        store.set(teamsAtom, profile.teams);
        if (profile.currentTeam) browserStorage.set('teamId', profile.currentTeam.id);
        store.set(sessionStatusAtom, 'signedIn');
        await loadBilling();
      } catch (error) {
        // No answer from the server: no verdict on the token, so it stays stored and the user is offered a retry rather
        // than a login form; only an answer from the server clears the session.
        if (isUnanswered(error)) {
          store.set(sessionStatusAtom, 'unreachable');
          return;
        }
        clearSession(store);
      }
    },

    /**
     * After onboarding or a team change: the profile and teams and, when the current team is new (the first one after
     * sign-up, or another one), the plan and quota it counts against, so the menu's meter shows at once.
     */
    refreshProfile: async () => {
      const teamBefore = store.get(profileAtom)?.currentTeam?.id;
      const profile = await loadProfile(store);
      store.set(teamsAtom, profile.teams);
      if (profile.currentTeam && (profile.currentTeam.id !== teamBefore || !store.get(quotaAtom))) await loadBilling();
      return profile;
    },

    /**
     * After a purchase or a plan change: the plan, API plan and quota as the server now has them. A screen refreshing
     * on opening passes `unlessFresh`, so figures the session is loading or loaded a moment ago are not fetched again.
     */
    refreshBilling: async ({ unlessFresh = false }: { unlessFresh?: boolean } = {}) => {
      const { loading, loadedAt } = billing();
      if (unlessFresh && loading) return loading;
      if (unlessFresh && Date.now() - loadedAt < BILLING_FRESH_MS) return;
      await loadBilling();
    },

    /** After a creation or a deletion: what is left of the quota. */
    refreshQuota: () => loadQuota(store),

    logout: async () => {
      const hadToken = Boolean(store.get(userAtom) ?? readStoredUser());
      if (hadToken) await authApi.logout().catch(() => undefined);
      clearSession(store);
    },
  };
}

export type SessionActions = ReturnType<typeof createSessionActions>;
