import { paths } from '@kagami/shared/contract';
import { Stack } from '@kagami/shared/ui';
import { LinkButton } from '../components/link-button';
import { PageHeader } from '../components/page-header';
import { useStudioEvents } from '../data/use-studio-events';
import { useStudioTranslation } from '../components/use-studio-translation';
import { AvatarList } from '../features/avatars/avatar-list';

/** Avatars (and Home, which shows the same list). */
export default function Avatars() {
  const { t } = useStudioTranslation();
  useStudioEvents();
  return (
    <Stack gap="6">
      <PageHeader
        title={t('avatars.title')}
        description={t('avatars.description')}
        action={<LinkButton to={paths.avatarsNew()}>{t('avatars.create')}</LinkButton>}
      />
      <AvatarList />
    </Stack>
  );
}
