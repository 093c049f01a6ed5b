import { Alert, LoadState, Stack, Text } from '@kagami/shared/ui';
import { useStudioItem } from '../../data/queries';
import { useStudioEvents } from '../../data/use-studio-events';
import { AssetPlayer } from '../../components/asset-player';
import { StatusBadge } from '../../components/status-badge';
import { useStudioTranslation } from '../../components/use-studio-translation';

/** Follows a new voice model until its sample can be played, or until it fails with a reason. */
export function VoiceProcessing({ voiceId }: { voiceId: string }) {
  const { t } = useStudioTranslation();
  const voice = useStudioItem('voice', voiceId);
  useStudioEvents();
  const data = voice.data;
  return (
    <LoadState loading={voice.isPending} error={voice.isError ? voice.error : null} onRetry={() => void voice.refetch()}>
      {data ? (
        <Stack gap="3" data-testid="voice-processing">
          <Text fontWeight="semibold">{data.name}</Text>
          <StatusBadge status={data.status} reason={data.reason} />
          {data.status === 'in_progress' ? (
            <Alert.Root status="info">
              <Alert.Indicator />
              <Alert.Title>{t('voices.processing')}</Alert.Title>
            </Alert.Root>
          ) : null}
          {data.status === 'ready' && data.sample ? (
            <AssetPlayer path={data.sample} kind="audio" type="audio/mpeg" label={t('voices.sample', { name: data.name })} />
          ) : null}
        </Stack>
      ) : null}
    </LoadState>
  );
}
