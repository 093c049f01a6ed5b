import type { ReactElement } from 'react';
import { createStore } from 'jotai';
import { renderApp, type RenderAppOptions } from '@kagami/shared/testing';
import { EMPTY_PROFILE, profileAtom } from '@kagami/shared/session';
import { studioResources } from './use-studio-translation';

export const TEAM_ID = '00000000-0000-4000-8000-000000000001';
export const TEAM = `/api/teams/${TEAM_ID}`;

/** Renders a studio screen for Aoki, signed in, working in their own team. */
export function renderStudio(ui: ReactElement, options: Omit<RenderAppOptions, 'store' | 'namespaces'> = {}) {
  const store = createStore();
  const team = { id: TEAM_ID, name: 'Aoki Studio', role: 'owner' as const };
  store.set(profileAtom, { ...EMPTY_PROFILE, id: 'me', name: 'Aoki Hana', email: 'aoki@example.com', teams: [team], currentTeam: team });
  return renderApp(ui, { ...options, store, namespaces: { studio: studioResources } });
}
