import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { GoogleOAuthProvider } from '@react-oauth/google';
import { Provider as JotaiProvider, type createStore } from 'jotai';
import { I18nextProvider } from 'react-i18next';
import type { ReactNode } from 'react';
import type { I18n } from '../i18n';
import { UiProvider } from '../ui';

export type AppProvidersProps = {
  queryClient: QueryClient;
  store: ReturnType<typeof createStore>;
  i18n: I18n;
  googleClientId?: string;
  children: ReactNode;
};

/** Every provider once: React Query, jotai, i18next, Chakra (with notifications), and Google only when configured. */
export function AppProviders({ queryClient, store, i18n, googleClientId, children }: AppProvidersProps) {
  const ui = (
    <QueryClientProvider client={queryClient}>
      <JotaiProvider store={store}>
        <I18nextProvider i18n={i18n}>
          <UiProvider>{children}</UiProvider>
        </I18nextProvider>
      </JotaiProvider>
    </QueryClientProvider>
  );
  return googleClientId ? <GoogleOAuthProvider clientId={googleClientId}>{ui}</GoogleOAuthProvider> : ui;
}

export function createQueryClient() {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false } },
  });
}
