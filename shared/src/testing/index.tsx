import { render, type RenderOptions } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from '@kagami/shared/router';
import { createI18n, addNamespace, type Resources } from '../i18n';
import { AppProviders } from '../providers';
import type { UiLanguage } from '../validation';
import { EMPTY_PROFILE, profileAtom } from '../session';
import type { Profile, TeamRole } from '../api';

export type RenderAppOptions = Omit<RenderOptions, 'wrapper'> & {
  route?: string;
  /** The route pattern the element is mounted at, so `useParams` works (default: any path). */
  path?: string;
  language?: UiLanguage;
  namespaces?: Record<string, Resources>;
  store?: ReturnType<typeof createStore>;
};

/** Renders with every provider the app has: fresh QueryClient (no retries), jotai store, i18n, Chakra, memory router. */
export function renderApp(ui: ReactElement, options: RenderAppOptions = {}) {
  const { route = '/', path = '*', language = 'en', namespaces = {}, store = createStore(), ...rest } = options;
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const i18n = createI18n(language);
  for (const [namespace, resources] of Object.entries(namespaces)) addNamespace(i18n, namespace, resources);
  const user = userEvent.setup();
  const result = render(
    <AppProviders queryClient={queryClient} store={store} i18n={i18n}>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          <Route path="*" element={<div data-testid="elsewhere" />} />
        </Routes>
      </MemoryRouter>
    </AppProviders>,
    rest,
  );
  return { ...result, user, store, queryClient, i18n };
}

export const TEST_TEAM_ID = '00000000-0000-4000-8000-000000000001';

/** A store for Aoki (aoki@example.com), signed in and working in the team "Aoki Studio"; `profile` overrides. */
export function signedInStore({ profile = {}, role = 'owner' }: { profile?: Partial<Profile>; role?: TeamRole } = {}) {
  const store = createStore();
  const team = { id: TEST_TEAM_ID, name: 'Aoki Studio', role };
  store.set(profileAtom, {
    ...EMPTY_PROFILE,
    id: 'me',
    name: 'Aoki',
    email: 'aoki@example.com',
    teams: [team],
    currentTeam: team,
    ...profile,
  });
  return { store, team };
}

export * from '@testing-library/react';
export { fakeApi, TEST_API, type FakeApi } from './fake-api';
export { userEvent };
