import { AssetPlayer } from '../../components/asset-player';
import { ItemProgress } from '../../components/item-progress';
import { useStudioTranslation } from '../../components/use-studio-translation';

/** Follows a new voice model until its sample can be played, or until it fails with a reason. */
export function VoiceProcessing({ voiceId }: { voiceId: string }) {
  const { t } = useStudioTranslation();
  return (
    <ItemProgress kind="voice" id={voiceId} note={t('voices.processing')} testId="voice-processing">
      {(voice) =>
        voice.status === 'ready' && voice.sample ? (
          <AssetPlayer path={voice.sample} kind="audio" type="audio/mpeg" label={t('voices.sample', { name: voice.name })} />
        ) : null
      }
    </ItemProgress>
  );
}
