import { paths } from '@kagami/shared/contract';
import { EmptyState, Grid, LoadState, Pagination, Stack } from '@kagami/shared/ui';
import { PAGE_SIZE } from '../../data/studio-api';
import { usePagedList } from '../../data/queries';
import { useStudioEvents } from '../../data/use-studio-events';
import { LinkButton } from '../../components/link-button';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { AvatarCard } from './avatar-card';

/** The team's avatars as cards, a page at a time, following their status live. */
export function AvatarList() {
  const { t } = useStudioTranslation();
  const { page, setPage, list: avatars } = usePagedList('avatar');
  useStudioEvents();
  const data = avatars.data;
  return (
    <LoadState loading={avatars.isPending} error={avatars.isError ? avatars.error : null} onRetry={() => void avatars.refetch()}>
      {data && data.total === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="white">
          <EmptyState.Content>
            <EmptyState.Title>{t('avatars.emptyTitle')}</EmptyState.Title>
            <EmptyState.Description>{t('avatars.emptyText')}</EmptyState.Description>
            <LinkButton to={paths.avatarsNew()}>{t('avatars.create')}</LinkButton>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : data ? (
        <Stack gap="4">
          <Grid templateColumns="repeat(auto-fill, minmax(220px, 1fr))" gap="4" aria-label={t('avatars.title')} role="list">
            {data.items.map((avatar) => (
              <div role="listitem" key={avatar.id}>
                <AvatarCard avatar={avatar} />
              </div>
            ))}
          </Grid>
          <Pagination page={page} total={data.total} pageSize={PAGE_SIZE} onChange={setPage} label={t('pagination')} />
        </Stack>
      ) : null}
    </LoadState>
  );
}
