import { EmptyState, LoadState, Pagination, Stack, Table } from '@kagami/shared/ui';
import { usePagedList, useStudioMutation } from '../../data/queries';
import { PAGE_SIZE, studioApi } from '../../data/studio-api';
import { useStudioEvents } from '../../data/use-studio-events';
import { AssetPlayer } from '../../components/asset-player';
import { ConfirmDelete } from '../../components/confirm-delete';
import { useLanguageName } from '../../components/language-name';
import { StatusBadge } from '../../components/status-badge';
import { useStudioTranslation } from '../../components/use-studio-translation';
import type { Voice } from '../../data/types';

function VoiceRow({ voice }: { voice: Voice }) {
  const { t } = useStudioTranslation();
  const languageName = useLanguageName();
  const remove = useStudioMutation(['voice', 'avatar'], (teamId, id: string) => studioApi.deleteVoice(teamId, id));
  return (
    <Table.Row data-testid="voice-row">
      <Table.Cell fontWeight="medium">{voice.name}</Table.Cell>
      <Table.Cell>{languageName(voice.language)}</Table.Cell>
      <Table.Cell>
        <StatusBadge status={voice.status} reason={voice.reason} />
      </Table.Cell>
      <Table.Cell>
        {voice.status === 'ready' && voice.sample ? (
          <AssetPlayer path={voice.sample} kind="audio" type="audio/mpeg" label={t('voices.sample', { name: voice.name })} />
        ) : null}
      </Table.Cell>
      <Table.Cell textAlign="end">
        <ConfirmDelete name={voice.name} title={t('voices.deleteTitle')} onDelete={() => remove.mutateAsync(voice.id)} />
      </Table.Cell>
    </Table.Row>
  );
}

/** The team's voice models with status and a playable sample, a page at a time. */
export function VoiceList() {
  const { t } = useStudioTranslation();
  const { page, setPage, list: voices } = usePagedList('voice');
  useStudioEvents();
  const data = voices.data;
  return (
    <LoadState loading={voices.isPending} error={voices.isError ? voices.error : null} onRetry={() => void voices.refetch()}>
      {data && data.total === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="white">
          <EmptyState.Content>
            <EmptyState.Title>{t('voices.emptyTitle')}</EmptyState.Title>
            <EmptyState.Description>{t('voices.emptyText')}</EmptyState.Description>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : data ? (
        <Stack gap="4">
          <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="white">
            <Table.Root aria-label={t('voices.title')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{t('fields.name')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('fields.language')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('fields.status')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('voices.sampleHeader')}</Table.ColumnHeader>
                  <Table.ColumnHeader />
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {data.items.map((voice) => (
                  <VoiceRow key={voice.id} voice={voice} />
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
