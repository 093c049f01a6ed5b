import { useTranslation } from '@kagami/shared/i18n';
import { Heading, Stack } from '@kagami/shared/ui';
import { ApiKeyPanel } from '../features/api-key/api-key-panel';
import { ApiUseSection } from '../features/api-use/api-use-section';
import { WebhooksSection } from '../features/webhooks/webhooks-section';

export default function ApiKeyScreen() {
  const { t } = useTranslation('account');
  return (
    <Stack gap="6" maxW="3xl">
      <Heading as="h1" size="2xl">
        {t('apiKey.pageTitle')}
      </Heading>
      <ApiKeyPanel />
      <ApiUseSection />
      <WebhooksSection />
    </Stack>
  );
}
