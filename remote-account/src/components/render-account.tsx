import type { ReactElement } from 'react';
import { createStore } from 'jotai';
import { renderApp } from '@kagami/shared/testing';
import { EMPTY_PROFILE, profileAtom } from '@kagami/shared/session';
import type { Profile, TeamRole } from '@kagami/shared/api';
import { accountResources } from './use-account-translation';

/** Renders a screen part for a signed-in user whose current team they own or belong to. */
export function renderAccount(ui: ReactElement, { role = 'owner', profile = {} }: { role?: TeamRole; profile?: Partial<Profile> } = {}) {
  const store = createStore();
  const team = { id: '00000000-0000-4000-8000-000000000001', name: 'Aoki Studio', role };
  store.set(profileAtom, {
    ...EMPTY_PROFILE,
    id: 'me',
    name: 'Aoki',
    email: 'aoki@example.com',
    teams: [team],
    currentTeam: team,
    ...profile,
  });
  return { ...renderApp(ui, { store, namespaces: { account: accountResources } }), team };
}
