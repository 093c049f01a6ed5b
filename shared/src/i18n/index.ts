import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
// The parts of validation the translations need, not its door: that builds every form schema (and valibot) at start.
import { UI_LANGUAGES, type UiLanguage } from '../validation/languages';
import { decodeMessage } from '../validation/messages';
import { moderationCategoryKey } from '../validation/moderation';
import { browserStorage } from '../session/storage';
import enCommon from './locales/en/common.json';
import jaCommon from './locales/ja/common.json';

export const DEFAULT_LANGUAGE: UiLanguage = 'en';
export type Resources = { en: Record<string, unknown>; ja: Record<string, unknown> };

const isUiLanguage = (value: unknown): value is UiLanguage => UI_LANGUAGES.includes(value as UiLanguage);

export const storedLanguage = (): UiLanguage => {
  const stored = browserStorage.get('language');
  return isUiLanguage(stored) ? stored : DEFAULT_LANGUAGE;
};

/** One i18next instance per app (the shell's, or a test's): en default and fallback, `common` loaded. */
export function createI18n(language: UiLanguage = storedLanguage()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...UI_LANGUAGES],
    ns: ['common'],
    defaultNS: 'common',
    resources: { en: { common: enCommon }, ja: { common: jaCommon } },
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
  });
  return instance;
}

/** A remote adds its namespace when it loads (and again harmlessly on every screen). */
export function addNamespace(instance: I18n, namespace: string, resources: Resources) {
  for (const language of UI_LANGUAGES) {
    if (!instance.hasResourceBundle(language, namespace)) {
      instance.addResourceBundle(language, namespace, resources[language], true, false);
    }
  }
}

export async function setLanguage(instance: I18n, language: UiLanguage) {
  browserStorage.set('language', language);
  document.documentElement.lang = language;
  await instance.changeLanguage(language);
}

export const currentLanguage = (instance: I18n): UiLanguage =>
  isUiLanguage(instance.resolvedLanguage) ? instance.resolvedLanguage : DEFAULT_LANGUAGE;

/** Text for an API failure or an encoded validation message, always in the user's language. */
export function errorText(t: TFunction, error: unknown): string {
  const e = error as { code?: string; metric?: string; category?: string; retryAfterSeconds?: number; body?: { max?: unknown } } | null;
  const known = (code: string | undefined) => Boolean(code && t(`common:errors.${code}`, { defaultValue: '' }));
  // A used-up quota says which allowance (`quota_exceeded_custom_voices`, …) when the answer names it.
  const specific = e?.code && e.metric ? `${e.code}_${e.metric}` : undefined;
  const code = known(specific) ? specific! : known(e?.code) ? e!.code! : 'unknown';
  const seconds = e?.retryAfterSeconds ?? 0;
  // A refused script says why, in the reader's language.
  const category = e?.category ? t(`common:moderationCategories.${moderationCategoryKey(e.category)}`) : '';
  // A full list says how many it holds (`max` in the answer).
  const max = typeof e?.body?.max === 'number' ? e.body.max : undefined;
  return t(`common:errors.${code}`, { seconds, minutes: Math.ceil(seconds / 60), category, max });
}

export function validationText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const { key, params } = decodeMessage(message);
  return t(`common:${key}`, params);
}

export { enCommon, jaCommon };
export { UI_LANGUAGES, type UiLanguage };
export { dateTimeFormat, numberFormat, DATE_AND_TIME } from './formats';
// The door to react-i18next: one context for the shell and every remote.
export { Trans, useTranslation } from 'react-i18next';
export type { I18n };
