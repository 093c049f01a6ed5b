import { useState } from 'react';
import { userApi } from '@kagami/shared/api';
import { FormError } from '@kagami/shared/forms';
import { Button, HStack, Section, Stack, Text } from '@kagami/shared/ui';
import { useAccountTranslation } from '../../components/use-account-translation';

/** Saves a blob as a file the browser downloads. */
function save(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** The account's data as one JSON file: the profile, and the avatars (with their consent clips), voices and videos made. */
export function DataExportSection() {
  const { t } = useAccountTranslation();
  const [state, setState] = useState<{ busy: boolean; error: unknown }>({ busy: false, error: null });
  const download = async () => {
    setState({ busy: true, error: null });
    try {
      save(await userApi.exportData(), `kagami-data-${new Date().toISOString().slice(0, 10)}.json`);
      setState({ busy: false, error: null });
    } catch (error) {
      setState({ busy: false, error });
    }
  };
  return (
    <Section title={t('dataExport.title')}>
      <Stack gap="3">
        <Text color="gray.700">{t('dataExport.text')}</Text>
        <FormError error={state.error} />
        <HStack>
          <Button onClick={() => void download()} loading={state.busy}>
            {t('dataExport.download')}
          </Button>
        </HStack>
      </Stack>
    </Section>
  );
}
