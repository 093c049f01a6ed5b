import { findRoute, paths, REDIRECT_PATHS } from '@kagami/shared/contract';
import type { Profile } from '@kagami/shared/api';
import { isProfileComplete } from '@kagami/shared/session';
import { UI } from '@kagami/shared/ui';

export type GuardState = {
  signedIn: boolean;
  profile: Pick<Profile, 'name' | 'teams' | 'currentTeam'> | null;
  intendedDestination: string | null;
};

export type GuardLocation = { pathname: string; search: string };

export type Decision = {
  /** Where to go instead (replacing the current entry); absent: stay. */
  redirect?: string;
  delayMs?: number;
  storeInvitationCode?: string;
  rememberDestination?: string;
  clearDestination?: boolean;
};

/**
 * SPEC §2 "Redirects" and "Route guard" as one pure function. `isFirst` is the first
 * navigation, after the stored user has been restored and verified (or not).
 */
export function decideNavigation(state: GuardState, location: GuardLocation, isFirst: boolean): Decision {
  const { pathname } = location;
  const code = new URLSearchParams(location.search).get('code');
  const decision: Decision = {};
  if (code && (pathname.includes(REDIRECT_PATHS.join) || pathname.includes(paths.signup()))) {
    decision.storeInvitationCode = code;
  }
  if (pathname === REDIRECT_PATHS.join) return { ...decision, redirect: paths.home() };
  if (pathname === REDIRECT_PATHS.subscribeNow) return { ...decision, rememberDestination: paths.subscription(), redirect: paths.home() };

  const route = findRoute(pathname);
  if (!route) return { ...decision, redirect: paths.home() };

  if (!state.signedIn) {
    if (route.access === 'public') return decision;
    const remember = route.access === 'app' && pathname !== paths.home() ? { rememberDestination: `${pathname}${location.search}` } : {};
    return { ...decision, ...remember, redirect: paths.login(), ...(isFirst ? {} : { delayMs: UI.redirectDelayMs }) };
  }

  const profile = state.profile;
  if (!profile?.name) return pathname === paths.userProfile() ? decision : { ...decision, redirect: paths.userProfile() };
  if (!isProfileComplete(profile as Profile)) return pathname === paths.userTeam() ? decision : { ...decision, redirect: paths.userTeam() };

  if (state.intendedDestination) {
    const here = `${pathname}${location.search}` === state.intendedDestination;
    return { ...decision, clearDestination: true, ...(here ? {} : { redirect: state.intendedDestination }) };
  }
  if (route.access !== 'app') return { ...decision, redirect: paths.home() };
  return decision;
}
