import { useStudioTranslation } from './use-studio-translation';

/** One Intl.DisplayNames per user language: making one loads the language's names, about 10 ms each time. */
const displayNames = new Map<string, (code: string) => string>();

function namesIn(language: string) {
  let name = displayNames.get(language);
  if (!name) {
    const names = new Intl.DisplayNames([language], { type: 'language' });
    name = (code: string) => names.of(code) ?? code;
    displayNames.set(language, name);
  }
  return name;
}

/** A content language's name in the user's language (Intl's names, so all 13 need no translation file). */
export function useLanguageName() {
  const { i18n } = useStudioTranslation();
  return namesIn(i18n.resolvedLanguage ?? 'en');
}
