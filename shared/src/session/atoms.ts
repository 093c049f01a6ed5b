import { atom } from 'jotai';
import type { BearerToken, Profile, Quota, Subscription, TeamSummary } from '../api/types';

/** `unknown` until the first navigation has restored (or failed to restore) the stored user. */
/** `unreachable`: a stored token could not be checked because the server did not answer; it is kept. */
export type SessionStatus = 'unknown' | 'verifying' | 'signedIn' | 'anonymous' | 'unreachable';

export const sessionStatusAtom = atom<SessionStatus>('unknown');
export const userAtom = atom<BearerToken | null>(null);
export const profileAtom = atom<Profile | null>(null);
export const subscriptionAtom = atom<Subscription | null>(null);
export const apiSubscriptionAtom = atom<Subscription | null>(null);
export const quotaAtom = atom<Quota | null>(null);
export const teamsAtom = atom<TeamSummary[]>([]);
/** Carried between the sign-up steps, never stored. */
export const signupEmailAtom = atom<string>('');
export const signupPasswordAtom = atom<string>('');

export const EMPTY_PROFILE: Profile = {
  id: '',
  name: null,
  email: '',
  provider: 'password',
  companyName: null,
  numberOfEmployees: null,
  role: null,
  language: 'en',
  teams: [],
  currentTeam: null,
  stripeCustomerId: null,
};

/** A name, at least one team and a named current team: what the app needs beyond onboarding. */
export const isProfileComplete = (profile: Profile | null) =>
  Boolean(profile?.name && profile.teams.length > 0 && profile.currentTeam?.name);

/** What the shell read from runtime-config.json that screens need (e.g. whether Google sign-in exists). */
export const runtimeConfigAtom = atom<{ googleClientId?: string }>({});
