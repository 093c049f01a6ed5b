import { createStore } from 'jotai';
import { configureApi } from '@kagami/shared/api';
import { paths, type RuntimeConfig } from '@kagami/shared/contract';
import { clearSession, readStoredUser, runtimeConfigAtom, userAtom } from '@kagami/shared/session';
import { nextTask } from './next-task';
import { registerConfiguredRemotes } from './remotes/remote-loader';
import { startFirstScreen } from './routing/first-screen';

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

/**
 * Starts the app in two halves. This one is small and sends the first screen's requests (the session check, the
 * remote screen); the other (render-app.tsx, in this chunk but run in a later task) builds the UI and renders it.
 */
export async function start() {
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
  /** The router and queries of the rendered app, once it is. */
  const app: Partial<Awaited<ReturnType<typeof import('./render-app').renderApp>>> = {};

  configureApi({
    baseUrl: config.apiBaseUrl.replace(/\/$/, ''),
    getToken: () => readStoredUser()?.accessToken ?? store.get(userAtom)?.accessToken,
    onUnauthorized: () => {
      if (STAY_ON_401.includes(window.location.pathname)) return;
      clearSession(store);
      // Before the first render the guard sends the reader to Login by itself, seeing the session cleared.
      app.queryClient?.clear();
      void app.router?.navigate(paths.login(), { replace: true });
    },
  });
  registerConfiguredRemotes(config.remotes);
  startFirstScreen(store, window.location.pathname);

  await nextTask();
  const { renderApp } = await import(/* webpackMode: "eager" */ './render-app');
  Object.assign(app, await renderApp(config, store));
}
