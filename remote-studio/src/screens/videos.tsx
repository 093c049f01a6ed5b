import { paths } from '@kagami/shared/contract';
import { Stack } from '@kagami/shared/ui';
import { LinkButton } from '../components/link-button';
import { PageHeader } from '../components/page-header';
import { useStudioEvents } from '../data/use-studio-events';
import { useStudioTranslation } from '../components/use-studio-translation';
import { VideoList } from '../features/videos/video-list';

export default function Videos() {
  const { t } = useStudioTranslation();
  useStudioEvents();
  return (
    <Stack gap="6">
      <PageHeader
        title={t('videos.title')}
        description={t('videos.description')}
        action={<LinkButton to={paths.avatars()}>{t('videos.create')}</LinkButton>}
      />
      <VideoList />
    </Stack>
  );
}
