import { paths } from '@kagami/shared/contract';
import { HStack, Stack } from '@kagami/shared/ui';
import { LinkButton } from '../components/link-button';
import { PageHeader } from '../components/page-header';
import { sceneEditorPath } from '../components/scene-editor-path';
import { useStudioEvents } from '../data/use-studio-events';
import { useStudioTranslation } from '../components/use-studio-translation';
import { DraftList } from '../features/videos/draft-list';
import { VideoList } from '../features/videos/video-list';

export default function Videos() {
  const { t } = useStudioTranslation();
  useStudioEvents();
  return (
    <Stack gap="6">
      <PageHeader
        title={t('videos.title')}
        description={t('videos.description')}
        action={
          <HStack gap="2" wrap="wrap">
            <LinkButton to={paths.avatars()}>{t('videos.create')}</LinkButton>
            <LinkButton to={sceneEditorPath()} color="white">
              {t('videos.createScenes')}
            </LinkButton>
          </HStack>
        }
      />
      <DraftList />
      <VideoList />
    </Stack>
  );
}
