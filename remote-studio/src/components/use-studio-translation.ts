import { addNamespace, useTranslation } from '@kagami/shared/i18n';
import en from '../locales/en/studio.json';
import ja from '../locales/ja/studio.json';

export const studioResources = { en, ja };

/** The `studio` namespace, added to the host's i18next the first time any screen of this remote renders. */
export function useStudioTranslation() {
  const { i18n } = useTranslation();
  addNamespace(i18n, 'studio', studioResources);
  return useTranslation(['studio', 'common']);
}
