import { addNamespace, useTranslation } from '@kagami/shared/i18n';
import en from '../locales/en/account.json';
import ja from '../locales/ja/account.json';

export const accountResources = { en, ja };

/** The `account` namespace, added to the host's i18next the first time any screen of this remote renders. */
export function useAccountTranslation() {
  const { i18n } = useTranslation();
  addNamespace(i18n, 'account', accountResources);
  return useTranslation(['account', 'common']);
}
