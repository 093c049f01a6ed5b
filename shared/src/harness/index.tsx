import { createStore } from 'jotai';
import { createRoot } from 'react-dom/client';
import { useEffect, useMemo, type ComponentType } from 'react';
import { BrowserRouter, Link, Route, Routes } from '@kagami/shared/router';
import { configureApi } from '../api';
import { createI18n, addNamespace, type Resources } from '../i18n';
import { AppProviders, createQueryClient } from '../providers';
import { clearSession, readStoredUser, useSessionActions, userAtom } from '../session';
import { Box, HStack } from '../ui';

export type HarnessOptions = {
  namespace: string;
  resources: Resources;
  /** Route path -> the exposed screen, as the shell would mount it. */
  screens: Record<string, ComponentType>;
  apiBaseUrl?: string;
};

function RestoreOnce() {
  const actions = useSessionActions();
  useEffect(() => {
    void actions.restore();
  }, [actions]);
  return null;
}

/** Runs a remote alone with the shell's providers, so its team can work on it without the shell. */
export function runStandalone({ namespace, resources, screens, apiBaseUrl = 'http://localhost:3000' }: HarnessOptions) {
  const store = createStore();
  configureApi({
    baseUrl: apiBaseUrl,
    getToken: () => readStoredUser()?.accessToken ?? store.get(userAtom)?.accessToken,
    onUnauthorized: () => clearSession(store),
  });
  const i18n = createI18n();
  addNamespace(i18n, namespace, resources);
  function Harness() {
    const queryClient = useMemo(createQueryClient, []);
    return (
      <AppProviders queryClient={queryClient} store={store} i18n={i18n}>
        <BrowserRouter>
          <RestoreOnce />
          <HStack gap="3" p="2" bg="yellow.100" fontSize="sm">
            <b>standalone {namespace}</b>
            {Object.keys(screens).map((path) => (
              <Link key={path} to={path}>
                {path}
              </Link>
            ))}
          </HStack>
          <Box p="4">
            <Routes>
              {Object.entries(screens).map(([path, Screen]) => (
                <Route key={path} path={path} element={<Screen />} />
              ))}
            </Routes>
          </Box>
        </BrowserRouter>
      </AppProviders>
    );
  }
  createRoot(document.getElementById('root')!).render(<Harness />);
}
