import { paths } from '@kagami/shared/contract';
import { Alert, HStack, LoadState, Progress, Stack, Text } from '@kagami/shared/ui';
import { useStudioItem } from '../../data/queries';
import { useStudioEvents } from '../../data/use-studio-events';
import { AssetPlayer } from '../../components/asset-player';
import { LinkButton } from '../../components/link-button';
import { StatusBadge } from '../../components/status-badge';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { VideoActions } from './video-actions';

/** One video, followed live: rendering, then the player and download, or the reason it failed. */
export function VideoProcessing({ videoId }: { videoId: string }) {
  const { t } = useStudioTranslation();
  const video = useStudioItem('video', videoId);
  useStudioEvents();
  const data = video.data;
  return (
    <LoadState loading={video.isPending} error={video.isError ? video.error : null} onRetry={() => void video.refetch()}>
      {data ? (
        <Stack gap="4" data-testid="video-processing" borderWidth="1px" borderRadius="lg" bg="white" p="5">
          <HStack justify="space-between" wrap="wrap">
            <Text fontWeight="semibold" fontSize="lg">
              {data.name}
            </Text>
            <StatusBadge status={data.status} reason={data.reason} />
          </HStack>
          {data.status === 'in_progress' ? (
            <Stack gap="2">
              <Progress.Root value={null} colorPalette="teal" aria-label={t('processing.rendering')}>
                <Progress.Track>
                  <Progress.Range />
                </Progress.Track>
              </Progress.Root>
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Title>{t('processing.rendering')}</Alert.Title>
              </Alert.Root>
            </Stack>
          ) : null}
          {data.status === 'ready' && data.download ? (
            <AssetPlayer path={data.download} kind="video" type="video/mp4" label={data.name} />
          ) : null}
          <HStack gap="2" wrap="wrap">
            <VideoActions video={data} />
            {data.status === 'failed' && data.avatarId ? (
              <LinkButton to={paths.videosNew(data.avatarId)}>{t('processing.tryAgain')}</LinkButton>
            ) : null}
            <LinkButton color="white" to={paths.videos()}>
              {t('processing.toVideos')}
            </LinkButton>
          </HStack>
        </Stack>
      ) : null}
    </LoadState>
  );
}
