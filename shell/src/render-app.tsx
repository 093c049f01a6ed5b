import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import type { createStore } from 'jotai';
import type { RuntimeConfig } from '@kagami/shared/contract';
import { addNamespace, createI18n } from '@kagami/shared/i18n';
import { AppProviders, createQueryClient } from '@kagami/shared/providers';
import { uiSystem } from '@kagami/shared/ui';
import { App, createAppRouter } from './app';
import { GlobalLoading } from './layout/global-loading';
import { nextTask } from './next-task';
import en from './locales/en/shell.json';
import ja from './locales/ja/shell.json';

/**
 * The app's second half of the start: translations, the UI kit's theme and the first render, each in a task of its own
 * (building the theme alone takes about a third of a second on a phone). Returns what a refused token clears.
 */
export async function renderApp(config: RuntimeConfig, store: ReturnType<typeof createStore>) {
  const queryClient = createQueryClient();
  const i18n = createI18n();
  addNamespace(i18n, 'shell', { en, ja });
  document.documentElement.lang = i18n.language;
  const router = createAppRouter();
  await nextTask();
  uiSystem();
  await nextTask();

  // A transition lets React render the first screen in slices that yield to the browser, instead of one long task
  // that blocks a phone's main thread.
  const root = createRoot(document.getElementById('root')!);
  startTransition(() =>
    root.render(
      <AppProviders queryClient={queryClient} store={store} i18n={i18n} googleClientId={config.googleClientId || undefined}>
        <GlobalLoading />
        <App router={router} />
      </AppProviders>,
    ),
  );
  return { router, queryClient };
}
