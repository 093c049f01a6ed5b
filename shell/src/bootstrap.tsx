import '@fontsource-variable/noto-sans-jp/wght.css';
import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { createStore } from 'jotai';
import { configureApi } from '@kagami/shared/api';
import { paths, type RuntimeConfig } from '@kagami/shared/contract';
import { addNamespace, createI18n } from '@kagami/shared/i18n';
import { AppProviders, createQueryClient } from '@kagami/shared/providers';
import { clearSession, readStoredUser, runtimeConfigAtom, userAtom } from '@kagami/shared/session';
import { App, createAppRouter } from './app';
import { GlobalLoading } from './layout/global-loading';
import { registerConfiguredRemotes } from './remotes/remote-loader';
import { startFirstScreen } from './routing/first-screen';
import en from './locales/en/shell.json';
import ja from './locales/ja/shell.json';

/** Pages where a 401 is an answer to show, not a reason to leave. */
const STAY_ON_401 = [paths.login(), paths.forgotPassword(), paths.resetPassword()];

/** The element the shell page's server writes the runtime config into (scripts/lib/static-server.mjs). */
const RUNTIME_CONFIG_ELEMENT = 'kagami-runtime-config';

/** The runtime config the page carries, or else runtime-config.json (the development server serves only the file). */
async function loadRuntimeConfig(): Promise<RuntimeConfig> {
  const embedded = document.getElementById(RUNTIME_CONFIG_ELEMENT)?.textContent;
  if (embedded) return JSON.parse(embedded) as RuntimeConfig;
  const response = await fetch('/runtime-config.json', { cache: 'no-store' });
  if (!response.ok) throw new Error(`runtime-config.json: ${response.status}`);
  return (await response.json()) as RuntimeConfig;
}

export async function start() {
  const root = createRoot(document.getElementById('root')!);
  let config: RuntimeConfig;
  try {
    config = await loadRuntimeConfig();
  } catch (error) {
    console.error(error);
    document.getElementById('root')!.textContent = 'Kagami could not load its configuration. Reload the page to try again.';
    return;
  }
  const store = createStore();
  store.set(runtimeConfigAtom, { googleClientId: config.googleClientId || undefined });
  const queryClient = createQueryClient();
  const i18n = createI18n();
  addNamespace(i18n, 'shell', { en, ja });
  document.documentElement.lang = i18n.language;
  const router = createAppRouter();

  configureApi({
    baseUrl: config.apiBaseUrl.replace(/\/$/, ''),
    getToken: () => readStoredUser()?.accessToken ?? store.get(userAtom)?.accessToken,
    onUnauthorized: () => {
      if (STAY_ON_401.includes(window.location.pathname)) return;
      clearSession(store);
      queryClient.clear();
      void router.navigate(paths.login(), { replace: true });
    },
  });
  registerConfiguredRemotes(config.remotes);
  startFirstScreen(store, window.location.pathname);

  // A transition lets React render the first screen in slices that yield to the browser, instead of one long task
  // that blocks a phone's main thread.
  startTransition(() =>
    root.render(
      <AppProviders queryClient={queryClient} store={store} i18n={i18n} googleClientId={config.googleClientId || undefined}>
        <GlobalLoading />
        <App router={router} />
      </AppProviders>,
    ),
  );
}
