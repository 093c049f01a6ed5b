import { currentLanguage, setLanguage, UI_LANGUAGES, type UiLanguage, useTranslation } from '@kagami/shared/i18n';
import { Box, HStack, Icon, Select } from '@kagami/shared/ui';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation('common');
  return (
    <HStack gap="1" w="150px">
      <Box color="gray.500">
        <Icon name="globe" size="xs" />
      </Box>
      <Select
        aria-label={t('language.label')}
        value={currentLanguage(i18n)}
        options={UI_LANGUAGES.map((language) => ({ value: language, label: t(`language.${language}`) }))}
        onChange={(event) => void setLanguage(i18n, event.target.value as UiLanguage)}
      />
    </HStack>
  );
}
