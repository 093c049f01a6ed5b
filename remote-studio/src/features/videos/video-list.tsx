import { useAtomValue } from 'jotai';
import { paths } from '@kagami/shared/contract';
import { profileAtom } from '@kagami/shared/session';
import { Box, LazyImage, Stack, Table, Text } from '@kagami/shared/ui';
import { useStudioMutation } from '../../data/queries';
import { studioApi } from '../../data/studio-api';
import type { Video } from '../../data/types';
import { ConfirmDelete } from '../../components/confirm-delete';
import { ItemTable } from '../../components/item-table';
import { LinkButton } from '../../components/link-button';
import { PagedList } from '../../components/paged-list';
import { StatusBadge } from '../../components/status-badge';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { formatClock } from '../../components/uploads/format';
import { VideoActions } from './video-actions';
import { useAssetSource } from '../../components/asset-source';
import { DATE_AND_TIME, dateTimeFormat } from '@kagami/shared/i18n';

function VideoRow({ video }: { video: Video }) {
  const { t, i18n } = useStudioTranslation();
  const teamName = useAtomValue(profileAtom)?.currentTeam?.name ?? '';
  const remove = useStudioMutation(['video'], (teamId, id: string) => studioApi.deleteVideo(teamId, id));
  const poster = useAssetSource(video.thumbnail);
  return (
    <Table.Row data-testid="video-row">
      <Table.Cell fontWeight="medium">
        {poster ? (
          <Box w="96px" mb="1" data-testid="video-poster">
            <LazyImage src={poster} alt={t('videos.posterAlt', { name: video.name })} height="54px" />
          </Box>
        ) : null}
        {video.name}
        {video.engine && video.engine !== 'local' && (
          <Text fontSize="xs" fontWeight="normal" color="fg.muted">
            {t('videos.madeBy', { engine: t(`videos.engines.${video.engine}`, { defaultValue: video.engine }) })}
          </Text>
        )}
      </Table.Cell>
      <Table.Cell data-label={t('videos.creator')}>
        {video.creator ?? (video.createdVia === 'api' ? t('videos.byApi', { team: teamName }) : t('videos.deletedUser'))}
      </Table.Cell>
      <Table.Cell data-label={t('fields.status')}>
        <StatusBadge status={video.status} reason={video.reason} />
      </Table.Cell>
      <Table.Cell data-label={t('videos.duration')}>{video.durationSeconds === null ? '—' : formatClock(video.durationSeconds)}</Table.Cell>
      <Table.Cell data-label={t('videos.created')}>
        {dateTimeFormat(i18n.resolvedLanguage, DATE_AND_TIME).format(new Date(video.createdAt))}
      </Table.Cell>
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
  return (
    <PagedList
      kind="video"
      empty={{
        title: t('videos.emptyTitle'),
        text: t('videos.emptyText'),
        action: <LinkButton to={paths.avatars()}>{t('videos.chooseAvatar')}</LinkButton>,
      }}
    >
      {(videos) => (
        <ItemTable
          label={t('videos.title')}
          columns={[t('fields.name'), t('videos.creator'), t('fields.status'), t('videos.duration'), t('videos.created')]}
        >
          {videos.map((video) => (
            <VideoRow key={video.id} video={video} />
          ))}
        </ItemTable>
      )}
    </PagedList>
  );
}
