import { addNamespace, useTranslation } from '@kagami/shared/i18n';
import en from '../locales/en/billing.json';
import ja from '../locales/ja/billing.json';

export const billingResources = { en, ja };

/** The `billing` namespace, added to the host's i18next the first time any screen of this remote renders. */
export function useBillingTranslation() {
  const { i18n } = useTranslation();
  addNamespace(i18n, 'billing', billingResources);
  return useTranslation(['billing', 'common']);
}
