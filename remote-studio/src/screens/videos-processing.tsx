import { useSearchParams } from '@kagami/shared/router';
import { paths } from '@kagami/shared/contract';
import { EmptyState, Stack } from '@kagami/shared/ui';
import { LinkButton } from '../components/link-button';
import { PageHeader } from '../components/page-header';
import { useStudioEvents } from '../data/use-studio-events';
import { useStudioTranslation } from '../components/use-studio-translation';
import { VideoProcessing } from '../features/videos/video-processing';

/** VideosProcessing: follows the video named in `?video=` until it is ready, then play and download. */
export default function VideosProcessing() {
  const { t } = useStudioTranslation();
  useStudioEvents();
  const [params] = useSearchParams();
  const videoId = params.get('video');
  return (
    <Stack gap="6" maxW="3xl">
      <PageHeader title={t('processing.title')} />
      {videoId ? (
        <VideoProcessing videoId={videoId} />
      ) : (
        <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="white">
          <EmptyState.Content>
            <EmptyState.Title as="h2">{t('processing.none')}</EmptyState.Title>
            <LinkButton to={paths.videos()}>{t('processing.toVideos')}</LinkButton>
          </EmptyState.Content>
        </EmptyState.Root>
      )}
    </Stack>
  );
}
