import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { webhookApi, webhookKeys, type WebhookEndpoint } from '@kagami/shared/api';
import { CheckboxGroupField, FormError, TextField, useApiForm } from '@kagami/shared/forms';
import { errorText } from '@kagami/shared/i18n';
import { useMutation, useQuery, useQueryClient } from '@kagami/shared/query';
import { profileAtom } from '@kagami/shared/session';
import { WEBHOOK_EVENTS, webhookEndpointForm, type WebhookEndpointForm } from '@kagami/shared/validation';
import { Alert, Badge, Box, Button, Code, HStack, LoadState, notify, Section, Stack, Text } from '@kagami/shared/ui';
import { Modal } from '@kagami/shared/ui-widgets';
import { useAccountTranslation } from '../../components/use-account-translation';
import { copyText } from '../../components/copy-text';
import { DeliveryLog } from './delivery-log';

/** Endpoints, the signing secret and the delivery log of the current team's webhooks. */
export function WebhooksSection() {
  const { t } = useAccountTranslation();
  const team = useAtomValue(profileAtom)?.currentTeam;
  const teamId = team?.id ?? '';
  const isOwner = team?.role === 'owner';
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: webhookKeys.settings(teamId),
    queryFn: () => webhookApi.settings(teamId),
    enabled: Boolean(teamId),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  const failed = (error: unknown) => notify({ status: 'error', title: `${t('webhooks.failed')} ${errorText(t, error)}` });
  const [removing, setRemoving] = useState<WebhookEndpoint | null>(null);
  const remove = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => webhookApi.removeEndpoint(teamId, endpoint.id),
    onSuccess: async () => {
      setRemoving(null);
      notify({ status: 'success', title: t('webhooks.removed') });
      await refresh();
    },
    onError: failed,
  });
  const test = useMutation({
    mutationFn: (endpoint: WebhookEndpoint) => webhookApi.sendTest(teamId, endpoint.id),
    onSuccess: async () => {
      notify({ status: 'success', title: t('webhooks.testSent') });
      await refresh();
    },
    onError: failed,
  });
  if (!team) return null;
  return (
    <Section title={t('webhooks.title')}>
      <Text color="gray.700">{t('webhooks.intro')}</Text>
      <LoadState loading={settings.isPending} error={settings.error} onRetry={() => void settings.refetch()}>
        <Stack gap="4">
          {settings.data?.endpoints.length ? (
            <Stack gap="2" as="ul" listStyleType="none" data-testid="webhook-endpoints">
              {settings.data.endpoints.map((endpoint) => (
                <Box as="li" key={endpoint.id} borderWidth="1px" borderRadius="md" p="3">
                  <HStack justify="space-between" wrap="wrap" gap="2">
                    <Stack gap="1" minW="0">
                      <Text fontFamily="mono" fontSize="sm" wordBreak="break-all">
                        {endpoint.url}
                      </Text>
                      <HStack gap="1" wrap="wrap">
                        {endpoint.events.map((event) => (
                          <Badge key={event} size="sm">
                            {t(`webhooks.event.${event}`)}
                          </Badge>
                        ))}
                      </HStack>
                    </Stack>
                    {isOwner ? (
                      <HStack gap="2">
                        <Button
                          size="sm"
                          color="white"
                          onClick={() => test.mutate(endpoint)}
                          loading={test.isPending && test.variables?.id === endpoint.id}
                        >
                          {t('webhooks.test')}
                        </Button>
                        <Button size="sm" danger onClick={() => setRemoving(endpoint)}>
                          {t('webhooks.remove')}
                        </Button>
                      </HStack>
                    ) : null}
                  </HStack>
                </Box>
              ))}
            </Stack>
          ) : (
            <Text color="gray.600">{t('webhooks.none')}</Text>
          )}
          {isOwner ? (
            <>
              <AddEndpointForm teamId={teamId} onAdded={refresh} />
              {settings.data?.signingSecret ? (
                <SigningSecret teamId={teamId} secret={settings.data.signingSecret} onRotated={refresh} />
              ) : null}
            </>
          ) : (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Title>{t('webhooks.memberNotice')}</Alert.Title>
            </Alert.Root>
          )}
        </Stack>
      </LoadState>
      <DeliveryLog teamId={teamId} canResend={isOwner} />
      <Modal
        open={Boolean(removing)}
        onClose={() => setRemoving(null)}
        title={t('webhooks.removeTitle')}
        kind="confirm"
        danger
        submitText={t('webhooks.remove')}
        onSubmit={() => removing && remove.mutate(removing)}
        submitting={remove.isPending}
      >
        <Text>{t('webhooks.removeBody', { url: removing?.url })}</Text>
      </Modal>
    </Section>
  );
}

function AddEndpointForm({ teamId, onAdded }: { teamId: string; onAdded: () => Promise<void> }) {
  const { t } = useAccountTranslation();
  const { form, formError, submitWith } = useApiForm<WebhookEndpointForm>(webhookEndpointForm, {
    url: '',
    events: ['video.ready', 'video.failed'],
  });
  const onSubmit = submitWith(async (values) => {
    await webhookApi.addEndpoint(teamId, values);
    form.reset({ url: '', events: values.events });
    notify({ status: 'success', title: t('webhooks.added') });
    await onAdded();
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('webhooks.add')}>
      <Stack gap="3">
        <FormError error={formError} />
        <TextField form={form} name="url" label={t('webhooks.url')} />
        <CheckboxGroupField
          form={form}
          name="events"
          label={t('webhooks.events')}
          options={WEBHOOK_EVENTS.map((event) => ({ value: event, label: t(`webhooks.event.${event}`) }))}
        />
        <HStack justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('webhooks.add')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}

function SigningSecret({ teamId, secret, onRotated }: { teamId: string; secret: string; onRotated: () => Promise<void> }) {
  const { t } = useAccountTranslation();
  const [shown, setShown] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rotate = useMutation({
    mutationFn: () => webhookApi.rotateSecret(teamId),
    onSuccess: async () => {
      setConfirming(false);
      notify({ status: 'success', title: t('webhooks.rotated') });
      await onRotated();
    },
    onError: (error) => notify({ status: 'error', title: `${t('webhooks.failed')} ${errorText(t, error)}` }),
  });
  return (
    <Stack gap="2">
      <Text fontWeight="medium">{t('webhooks.secret')}</Text>
      <Text fontSize="sm" color="gray.600">
        {t('webhooks.secretHint')}
      </Text>
      <HStack gap="2" wrap="wrap">
        <Code data-testid="signing-secret" p="2" wordBreak="break-all">
          {shown ? secret : `${secret.slice(0, 10)}${'•'.repeat(16)}`}
        </Code>
        <Button size="sm" color="white" onClick={() => setShown(!shown)}>
          {shown ? t('webhooks.hide') : t('webhooks.reveal')}
        </Button>
        <Button size="sm" color="white" onClick={() => void copyText(secret, t('apiKey.copied'), t('apiKey.copyFailed'))}>
          {t('apiKey.copy')}
        </Button>
        <Button size="sm" danger onClick={() => setConfirming(true)}>
          {t('webhooks.rotate')}
        </Button>
      </HStack>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('webhooks.rotateTitle')}
        kind="confirm"
        danger
        submitText={t('webhooks.rotate')}
        onSubmit={() => rotate.mutate()}
        submitting={rotate.isPending}
      >
        <Text>{t('webhooks.rotateBody')}</Text>
      </Modal>
    </Stack>
  );
}
