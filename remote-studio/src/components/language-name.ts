import type { ContentLanguage } from '@kagami/shared/validation';
import { useStudioTranslation } from './use-studio-translation';

/**
 * A content language's name in the user's language. The names are in the translation files, not asked of
 * Intl.DisplayNames: the first Intl object a page makes loads the browser's locale data, a long task on a phone
 * (13 ms on a fast desktop), and the avatar cards and the video form would otherwise make it in their first render.
 */
export function useLanguageName() {
  const { t } = useStudioTranslation();
  return (code: string) => t(`languages.${code as ContentLanguage}`, { defaultValue: code });
}
