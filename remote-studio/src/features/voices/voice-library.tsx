import { useState } from 'react';
import { apiBaseUrl } from '@kagami/shared/api';
import { LoadState, Section, Select, Stack, Table, Text } from '@kagami/shared/ui';
import { CONTENT_LANGUAGES, type ContentLanguage } from '@kagami/shared/validation';
import { useVoiceLibrary } from '../../data/queries';
import type { LibraryVoice } from '../../data/types';
import { ItemTable } from '../../components/item-table';
import { useLanguageName } from '../../components/language-name';
import { providerName } from '../../components/provider-name';
import { useStudioTranslation } from '../../components/use-studio-translation';

/** A library voice's preview, fetched only when played. */
export function LibraryPreview({ voice }: { voice: LibraryVoice }) {
  const { t } = useStudioTranslation();
  return (
    <audio
      controls
      preload="none"
      aria-label={t('voices.library.preview', { name: voice.name })}
      data-testid="library-preview"
      style={{ width: '100%', minWidth: 250, maxWidth: 320 }}
      src={`${apiBaseUrl()}${voice.previewUrl}`}
    />
  );
}

/** The built-in voices every team can use, one language at a time, each with its gender and a preview to play. */
export function VoiceLibrary() {
  const { t, i18n } = useStudioTranslation();
  const languageName = useLanguageName();
  const library = useVoiceLibrary();
  const [language, setLanguage] = useState<ContentLanguage>(i18n.resolvedLanguage === 'ja' ? 'ja' : 'en');
  const voices = (library.data?.data ?? []).filter((voice) => voice.language === language || voice.language === null);

  return (
    <Section title={t('voices.library.title')}>
      <Stack gap="4">
        <Text color="fg.muted">{t('voices.library.description')}</Text>
        <Select
          aria-label={t('voices.library.language')}
          value={language}
          onChange={(event) => setLanguage(event.target.value as ContentLanguage)}
          options={CONTENT_LANGUAGES.map((code) => ({ value: code, label: languageName(code) }))}
        />
        <LoadState loading={library.isPending} error={library.error} onRetry={() => void library.refetch()}>
          <ItemTable label={t('voices.library.title')} columns={[t('fields.name'), t('voices.library.gender'), t('voices.sampleHeader')]}>
            {voices.map((voice) => (
              <Table.Row key={voice.id} data-testid="library-voice">
                <Table.Cell fontWeight="medium">
                  {voice.name}
                  {voice.language === null ? (
                    <Text as="span" color="fg.muted" fontWeight="normal">
                      {' '}
                      ({t('voices.library.fromProvider', { provider: providerName(voice.engine) })})
                    </Text>
                  ) : null}
                  {voice.accent ? (
                    <Text as="span" color="fg.muted" fontWeight="normal">
                      {' '}
                      ({t(`voices.library.accents.${voice.accent}`, { defaultValue: voice.accent })})
                    </Text>
                  ) : null}
                </Table.Cell>
                <Table.Cell data-label={t('voices.library.gender')}>
                  {voice.gender ? t(`voices.library.genders.${voice.gender}`) : ''}
                </Table.Cell>
                <Table.Cell data-label={t('voices.sampleHeader')}>
                  <LibraryPreview voice={voice} />
                </Table.Cell>
                <Table.Cell />
              </Table.Row>
            ))}
          </ItemTable>
        </LoadState>
      </Stack>
    </Section>
  );
}
