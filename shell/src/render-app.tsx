import type { createStore } from 'jotai';
import type { RuntimeConfig } from '@kagami/shared/contract';
import { addNamespace, createI18n } from '@kagami/shared/i18n';
import { AppProviders, createQueryClient } from '@kagami/shared/providers';
import { App, createAppRouter } from './app';
import { loadJapaneseFont } from './japanese-font';
import { GlobalLoading } from './layout/global-loading';
import { renderFirstScreen } from './render-first';
import en from './locales/en/shell.json';
import ja from './locales/ja/shell.json';

/**
 * The app's second half of the start: translations and router, then the UI kit's theme and the first render, each in
 * a task of their own. Returns what a refused token clears.
 */
export async function renderApp(config: RuntimeConfig, store: ReturnType<typeof createStore>) {
  const queryClient = createQueryClient();
  const i18n = createI18n();
  addNamespace(i18n, 'shell', { en, ja });
  document.documentElement.lang = i18n.language;
  loadJapaneseFont(i18n);
  const router = createAppRouter();
  await renderFirstScreen(
    document.getElementById('root')!,
    <AppProviders queryClient={queryClient} store={store} i18n={i18n} googleClientId={config.googleClientId || undefined}>
      <GlobalLoading />
      <App router={router} />
    </AppProviders>,
  );
  return { router, queryClient };
}
