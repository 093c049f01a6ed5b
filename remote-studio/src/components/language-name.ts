import { useMemo } from 'react';
import { useStudioTranslation } from './use-studio-translation';

/** A content language's name in the user's language (Intl's names, so all 13 need no translation file). */
export function useLanguageName() {
  const { i18n } = useStudioTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'language' });
    return (code: string) => names.of(code) ?? code;
  }, [language]);
}
