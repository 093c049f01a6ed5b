import { Stack } from '@kagami/shared/ui';
import { PageHeader } from '../components/page-header';
import { useStudioEvents } from '../data/use-studio-events';
import { useStudioTranslation } from '../components/use-studio-translation';
import { NewVoiceDialog } from '../features/voices/new-voice-dialog';
import { VoiceLibrary } from '../features/voices/voice-library';
import { VoiceList } from '../features/voices/voice-list';
import { PronunciationList } from '../features/voices/pronunciation-list';

export default function Voices() {
  const { t } = useStudioTranslation();
  useStudioEvents();
  return (
    <Stack gap="6">
      <PageHeader title={t('voices.title')} description={t('voices.description')} action={<NewVoiceDialog />} />
      <VoiceList />
      <VoiceLibrary />
      <PronunciationList />
    </Stack>
  );
}
