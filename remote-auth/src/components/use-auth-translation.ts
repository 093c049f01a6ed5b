import { addNamespace, useTranslation } from '@kagami/shared/i18n';
import en from '../locales/en/auth.json';
import ja from '../locales/ja/auth.json';

export const authResources = { en, ja };

/** The `auth` namespace, added to the host's i18next the first time any screen of this remote renders. */
export function useAuthTranslation() {
  const { i18n } = useTranslation();
  addNamespace(i18n, 'auth', authResources);
  return useTranslation(['auth', 'common']);
}
