import { paths } from '@kagami/shared/contract';
import { Box, HStack, Progress, Stack, Text } from '@kagami/shared/ui';
import { ItemProgress } from '../../components/item-progress';
import { LinkButton } from '../../components/link-button';
import { SaveAsTemplate } from '../../components/save-as-template';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { VideoActions, VideoPlayer } from './video-actions';

/** How many of a long video's parts are made (of a video of scenes, a part each: its scenes). */
function PartsProgress({ done, total, scenes }: { done: number; total: number; scenes: number }) {
  const { t } = useStudioTranslation();
  const text = t(scenes === total ? 'processing.scenes' : 'processing.parts', { done, total });
  return (
    <Stack gap="1" data-testid="video-parts">
      <Text fontSize="sm">{text}</Text>
      <Progress.Root value={(100 * done) / total} colorPalette="teal" size="sm">
        <Progress.Track aria-label={t('processing.partsLabel')} aria-valuetext={text}>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}

/** One video, followed until it is ready (player and download) or failed (why, try again). */
export function VideoProcessing({ videoId }: { videoId: string }) {
  const { t } = useStudioTranslation();
  return (
    <Box borderWidth="1px" borderRadius="lg" bg="white" p="5">
      <ItemProgress
        kind="video"
        id={videoId}
        note={t('processing.rendering')}
        testId="video-processing"
        progress={(video) => (video.segments ? <PartsProgress {...video.segments} scenes={video.scenes?.length ?? 0} /> : undefined)}
      >
        {(video) => (
          <>
            {video.status === 'ready' ? <VideoPlayer video={video} /> : null}
            <HStack gap="2" wrap="wrap">
              <VideoActions video={video} playable={false} />
              {video.status === 'failed' && video.avatarId ? (
                <LinkButton to={paths.videosNew(video.avatarId)}>{t('processing.tryAgain')}</LinkButton>
              ) : null}
              <LinkButton color="white" to={paths.videos()}>
                {t('processing.toVideos')}
              </LinkButton>
            </HStack>
            {video.status === 'ready' ? <SaveAsTemplate defaultName={video.name} videoId={video.id} /> : null}
          </>
        )}
      </ItemProgress>
    </Box>
  );
}
