import type { UseFormReturn } from '@kagami/shared/forms';
import { validationText } from '@kagami/shared/i18n';
import { FormField, Select } from '@kagami/shared/ui';
import { CONTENT_LANGUAGES, type ContentLanguage } from '@kagami/shared/validation';
import { useLanguageName } from './language-name';
import { useStudioTranslation } from './use-studio-translation';

/** The language an avatar, voice or video speaks, out of `languages` (default: all 13). */
export function ContentLanguageSelect({
  form,
  languages = CONTENT_LANGUAGES,
  label,
}: {
  // The field is `language` in every studio form.
  form: UseFormReturn<{ language: ContentLanguage } & Record<string, unknown>>;
  languages?: readonly ContentLanguage[];
  label?: string;
}) {
  const { t } = useStudioTranslation();
  const languageName = useLanguageName();
  const message = form.formState.errors.language?.message;
  return (
    <FormField label={label ?? t('fields.spokenLanguage')} error={validationText(t, typeof message === 'string' ? message : undefined)}>
      <Select
        aria-label={label ?? t('fields.spokenLanguage')}
        options={languages.map((code) => ({ value: code, label: languageName(code) }))}
        {...form.register('language')}
      />
    </FormField>
  );
}

/** The content language closest to the UI's: Japanese for ja, else English. */
export const defaultContentLanguage = (uiLanguage: string | undefined): ContentLanguage =>
  CONTENT_LANGUAGES.includes(uiLanguage as ContentLanguage) ? (uiLanguage as ContentLanguage) : 'en';
