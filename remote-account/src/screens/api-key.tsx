import { Heading, Stack } from '@kagami/shared/ui';
import { useAccountTranslation } from '../components/use-account-translation';
import { ApiKeyPanel } from '../features/api-key/api-key-panel';
import { ApiPlanSection } from '../features/api-plan/api-plan-section';
import { ApiUseSection } from '../features/api-use/api-use-section';
import { WebhooksSection } from '../features/webhooks/webhooks-section';

export default function ApiKeyScreen() {
  const { t } = useAccountTranslation();
  return (
    <Stack gap="6" maxW="3xl">
      <Heading as="h1" size="2xl">
        {t('apiKey.pageTitle')}
      </Heading>
      <ApiKeyPanel />
      <ApiPlanSection />
      <ApiUseSection />
      <WebhooksSection />
    </Stack>
  );
}
