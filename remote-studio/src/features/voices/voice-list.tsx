import { Table } from '@kagami/shared/ui';
import { useStudioMutation } from '../../data/queries';
import { studioApi } from '../../data/studio-api';
import { AssetPlayer } from '../../components/asset-player';
import { ConfirmDelete } from '../../components/confirm-delete';
import { ItemTable } from '../../components/item-table';
import { useLanguageName } from '../../components/language-name';
import { PagedList } from '../../components/paged-list';
import { StatusBadge } from '../../components/status-badge';
import { useStudioTranslation } from '../../components/use-studio-translation';
import type { Voice } from '../../data/types';
import { providerName } from '../../components/provider-name';

function VoiceRow({ voice }: { voice: Voice }) {
  const { t } = useStudioTranslation();
  const languageName = useLanguageName();
  const remove = useStudioMutation(['voice', 'avatar'], (teamId, id: string) => studioApi.deleteVoice(teamId, id));
  return (
    <Table.Row data-testid="voice-row">
      <Table.Cell fontWeight="medium">{voice.name}</Table.Cell>
      <Table.Cell data-label={t('fields.language')}>{languageName(voice.language)}</Table.Cell>
      <Table.Cell data-label={t('fields.status')}>
        <StatusBadge status={voice.status} reason={voice.reason} />
      </Table.Cell>
      <Table.Cell color="fg.muted" data-testid="voice-made-by" data-label={t('voices.kindHeader')}>
        {voice.clonedBy ? t('voices.kindCloned', { provider: providerName(voice.clonedBy) }) : t('voices.kindLocal')}
      </Table.Cell>
      <Table.Cell data-label={t('voices.sampleHeader')}>
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
  return (
    <PagedList kind="voice" empty={{ title: t('voices.emptyTitle'), text: t('voices.emptyText') }}>
      {(voices) => (
        <ItemTable
          label={t('voices.title')}
          columns={[t('fields.name'), t('fields.language'), t('fields.status'), t('voices.kindHeader'), t('voices.sampleHeader')]}
        >
          {voices.map((voice) => (
            <VoiceRow key={voice.id} voice={voice} />
          ))}
        </ItemTable>
      )}
    </PagedList>
  );
}
