/** The languages the app is written in. Kept apart from the form schemas, so what needs only the list (the
 * translations, at start) does not build every schema. */
export const UI_LANGUAGES = ['en', 'ja'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];
