import { paths } from '@kagami/shared/contract';
import { EmptyState, LoadState, Pagination, Stack, Table } from '@kagami/shared/ui';
import { usePagedList, useStudioMutation } from '../../data/queries';
import { PAGE_SIZE, studioApi } from '../../data/studio-api';
import type { Video } from '../../data/types';
import { useStudioEvents } from '../../data/use-studio-events';
import { ConfirmDelete } from '../../components/confirm-delete';
import { LinkButton } from '../../components/link-button';
import { StatusBadge } from '../../components/status-badge';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { formatClock } from '../../components/uploads/format';
import { VideoActions } from './video-actions';

function VideoRow({ video }: { video: Video }) {
  const { t, i18n } = useStudioTranslation();
  const remove = useStudioMutation(['video'], (teamId, id: string) => studioApi.deleteVideo(teamId, id));
  return (
    <Table.Row data-testid="video-row">
      <Table.Cell fontWeight="medium">{video.name}</Table.Cell>
      <Table.Cell>{video.creator ?? '—'}</Table.Cell>
      <Table.Cell>
        <StatusBadge status={video.status} reason={video.reason} />
      </Table.Cell>
      <Table.Cell>{video.durationSeconds === null ? '—' : formatClock(video.durationSeconds)}</Table.Cell>
      <Table.Cell>{new Date(video.createdAt).toLocaleString(i18n.resolvedLanguage)}</Table.Cell>
      <Table.Cell>
        <Stack direction="row" gap="2" justify="flex-end" wrap="wrap">
          <VideoActions video={video} />
          <ConfirmDelete name={video.name} title={t('videos.deleteTitle')} onDelete={() => remove.mutateAsync(video.id)} />
        </Stack>
      </Table.Cell>
    </Table.Row>
  );
}

/** The team's videos: name, creator, status and reason, duration, and play/download once ready. */
export function VideoList() {
  const { t } = useStudioTranslation();
  const { page, setPage, list: videos } = usePagedList('video');
  useStudioEvents();
  const data = videos.data;
  return (
    <LoadState loading={videos.isPending} error={videos.isError ? videos.error : null} onRetry={() => void videos.refetch()}>
      {data && data.total === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="white">
          <EmptyState.Content>
            <EmptyState.Title>{t('videos.emptyTitle')}</EmptyState.Title>
            <EmptyState.Description>{t('videos.emptyText')}</EmptyState.Description>
            <LinkButton to={paths.avatars()}>{t('videos.chooseAvatar')}</LinkButton>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : data ? (
        <Stack gap="4">
          <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="white">
            <Table.Root aria-label={t('videos.title')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('fields.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('videos.creator')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('fields.status')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('videos.duration')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('videos.created')}</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.items.map((video) => (
                  <VideoRow key={video.id} video={video} />
                ))}
              </Table.Body>
            </Table.Root>
          </Table.ScrollArea>
          <Pagination page={page} total={data.total} pageSize={PAGE_SIZE} onChange={setPage} label={t('pagination')} />
        </Stack>
      ) : null}
    </LoadState>
  );
}
