import type { ReactElement } from 'react';
import { createStore } from 'jotai';
import { renderApp, type RenderAppOptions } from '@kagami/shared/testing';
import { EMPTY_PROFILE, profileAtom, quotaAtom, subscriptionAtom } from '@kagami/shared/session';
import type { Profile, Quota, Subscription } from '@kagami/shared/api';
import { billingResources } from './use-billing-translation';

type Options = Pick<RenderAppOptions, 'route' | 'language'> & {
  profile?: Partial<Profile>;
  subscription?: Subscription | null;
  quota?: Quota | null;
};

/** Renders a billing screen for a signed-in user who owns their current team. */
export function renderBilling(ui: ReactElement, { profile = {}, subscription = null, quota = null, ...options }: Options = {}) {
  const store = createStore();
  const team = { id: '00000000-0000-4000-8000-000000000001', name: 'Aoki Studio', role: 'owner' as const };
  store.set(profileAtom, {
    ...EMPTY_PROFILE,
    id: 'me',
    name: 'Aoki',
    email: 'aoki@example.com',
    teams: [team],
    currentTeam: team,
    ...profile,
  });
  store.set(subscriptionAtom, subscription);
  store.set(quotaAtom, quota);
  return { ...renderApp(ui, { store, namespaces: { billing: billingResources }, ...options }), team };
}
