import { useMutation } from '@kagami/shared/query';
import { userApi } from '@kagami/shared/api';
import { FormError } from '@kagami/shared/forms';
import { Button, HStack, saveFile, Section, Stack, Text } from '@kagami/shared/ui';
import { useAccountTranslation } from '../../components/use-account-translation';

/** The account's data as one JSON file: the profile, and the avatars (with their consent clips), voices and videos made. */
export function DataExportSection() {
  const { t } = useAccountTranslation();
  const download = useMutation({
    mutationFn: userApi.exportData,
    onSuccess: (blob) => saveFile(blob, `kagami-data-${new Date().toISOString().slice(0, 10)}.json`),
  });
  return (
    <Section title={t('dataExport.title')}>
      <Stack gap="3">
        <Text color="gray.700">{t('dataExport.text')}</Text>
        <FormError error={download.error} />
        <HStack>
          <Button onClick={() => download.mutate()} loading={download.isPending}>
            {t('dataExport.download')}
          </Button>
        </HStack>
      </Stack>
    </Section>
  );
}
