import type { ReactElement } from 'react';
import { renderApp, signedInStore, TEST_TEAM_ID, type RenderAppOptions } from '@kagami/shared/testing';
import { studioResources } from './use-studio-translation';

export const TEAM_ID = TEST_TEAM_ID;
export const TEAM = `/api/teams/${TEAM_ID}`;

/** Renders a studio screen for Aoki, signed in, working in their own team. */
export function renderStudio(ui: ReactElement, options: Omit<RenderAppOptions, 'store' | 'namespaces'> = {}) {
  const { store } = signedInStore({ profile: { name: 'Aoki Hana' } });
  return renderApp(ui, { ...options, store, namespaces: { studio: studioResources } });
}
