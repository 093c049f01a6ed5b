import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useMutation, useQuery, useQueryClient } from '@kagami/shared/query';
import { apiKeyKeys, teamApi, type NewApiKey } from '@kagami/shared/api';
import { DATE_AND_TIME, dateTimeFormat, errorText } from '@kagami/shared/i18n';
import { profileAtom } from '@kagami/shared/session';
import { Alert, Box, Button, Code, HStack, LoadState, notify, Section, Stack, Text } from '@kagami/shared/ui';
import { Modal } from '@kagami/shared/ui-widgets';
import { useAccountTranslation } from '../../components/use-account-translation';
import { copyText } from '../../components/copy-text';

/** Owners generate and regenerate the team key, shown once with copy; members see whether one exists. */
export function ApiKeyPanel() {
  const { t, i18n } = useAccountTranslation();
  const team = useAtomValue(profileAtom)?.currentTeam;
  const queryClient = useQueryClient();
  const teamId = team?.id ?? '';
  const info = useQuery({ queryKey: apiKeyKeys.detail(teamId), queryFn: () => teamApi.apiKey(teamId), enabled: Boolean(teamId) });
  const [fresh, setFresh] = useState<NewApiKey | null>(null);
  const [confirming, setConfirming] = useState(false);
  const generate = useMutation({
    mutationFn: () => teamApi.generateApiKey(teamId),
    onSuccess: async (key) => {
      setFresh(key);
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.detail(teamId) });
    },
    onError: (error) => notify({ status: 'error', title: `${t('common:errors.api_key_failed')} ${errorText(t, error)}` }),
  });
  if (!team) return null;
  const isOwner = team.role === 'owner';
  return (
    <Section title={t('apiKey.title')}>
      <Text color="gray.700">{t('apiKey.intro', { team: team.name })}</Text>
      <LoadState loading={info.isPending} error={info.error} onRetry={() => void info.refetch()}>
        <Stack gap="4">
          <Text data-testid="api-key-status">
            {info.data?.exists
              ? t('apiKey.exists', {
                  prefix: `${info.data.prefix}…`,
                  date: dateTimeFormat(i18n.language, DATE_AND_TIME).format(new Date(info.data.createdAt!)),
                })
              : t('apiKey.none')}
          </Text>
          {fresh ? (
            <Alert.Root status="success" role="status">
              <Alert.Indicator />
              <Stack gap="2" flex="1" minW="0">
                <Alert.Title>{t('apiKey.newKey')}</Alert.Title>
                <Text fontSize="sm">{t('apiKey.showOnce')}</Text>
                <HStack gap="2" wrap="wrap">
                  <Code data-testid="new-api-key" wordBreak="break-all" p="2">
                    {fresh.apiKey}
                  </Code>
                  <Button size="sm" color="white" onClick={() => void copyText(fresh.apiKey, t('apiKey.copied'), t('apiKey.copyFailed'))}>
                    {t('apiKey.copy')}
                  </Button>
                </HStack>
              </Stack>
            </Alert.Root>
          ) : null}
          {isOwner ? (
            <Box>
              <Button
                onClick={() => (info.data?.exists ? setConfirming(true) : generate.mutate())}
                loading={generate.isPending && !confirming}
                danger={info.data?.exists}
              >
                {info.data?.exists ? t('apiKey.regenerate') : t('apiKey.generate')}
              </Button>
            </Box>
          ) : (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Title>{t('apiKey.memberNotice')}</Alert.Title>
            </Alert.Root>
          )}
        </Stack>
      </LoadState>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('apiKey.regenerateTitle')}
        kind="confirm"
        danger
        submitText={t('apiKey.regenerate')}
        onSubmit={() => generate.mutate()}
        submitting={generate.isPending}
      >
        <Text>{t('apiKey.regenerateBody')}</Text>
      </Modal>
    </Section>
  );
}
