import type { ReactElement } from 'react';
import { renderApp, signedInStore } from '@kagami/shared/testing';
import type { Profile, TeamRole } from '@kagami/shared/api';
import { accountResources } from './use-account-translation';

/** Renders a screen part for a signed-in user whose current team they own or belong to. */
export function renderAccount(ui: ReactElement, options: { role?: TeamRole; profile?: Partial<Profile> } = {}) {
  const { store, team } = signedInStore(options);
  return { ...renderApp(ui, { store, namespaces: { account: accountResources } }), team };
}
