import { useMemo } from 'react';
import { useTranslation } from '@kagami/shared/i18n';

/** A content language's name in the user's language (Intl's names, so all 13 need no translation file). */
export function useLanguageName() {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? 'en';
  return useMemo(() => {
    const names = new Intl.DisplayNames([language], { type: 'language' });
    return (code: string) => names.of(code) ?? code;
  }, [language]);
}
