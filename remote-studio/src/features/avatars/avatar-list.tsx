import { paths } from '@kagami/shared/contract';
import { Grid } from '@kagami/shared/ui';
import { LinkButton } from '../../components/link-button';
import { PagedList } from '../../components/paged-list';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { AvatarCard } from './avatar-card';

/** The team's avatars as cards, a page at a time. */
export function AvatarList() {
  const { t } = useStudioTranslation();
  return (
    <PagedList
      kind="avatar"
      empty={{
        title: t('avatars.emptyTitle'),
        text: t('avatars.emptyText'),
        action: <LinkButton to={paths.avatarsNew()}>{t('avatars.create')}</LinkButton>,
      }}
    >
      {(avatars) => (
        <Grid templateColumns="repeat(auto-fill, minmax(220px, 1fr))" gap="4" aria-label={t('avatars.title')} role="list">
          {avatars.map((avatar) => (
            <div role="listitem" key={avatar.id}>
              <AvatarCard avatar={avatar} />
            </div>
          ))}
        </Grid>
      )}
    </PagedList>
  );
}
