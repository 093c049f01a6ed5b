import { useState } from 'react';
import { Button, HStack, Stack, Text } from '@kagami/shared/ui';
import { Modal } from '@kagami/shared/ui-widgets';
import { acceptOf, VIDEO_AUDIO } from '@kagami/shared/validation';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { UploadPanel } from '../../components/uploads/upload-panel';
import type { useUpload } from '../../components/uploads/use-upload';

/** The uploaded audio a video plays instead of a script; replacing a chosen file asks first (SPEC §4). */
export function AudioSource({ upload }: { upload: ReturnType<typeof useUpload> }) {
  const { t } = useStudioTranslation();
  const [confirming, setConfirming] = useState(false);
  const panel = (
    <UploadPanel
      upload={upload}
      accept={acceptOf(VIDEO_AUDIO, 'audio')}
      prompt={t('videoNew.audioPrompt')}
      hint={t('videoNew.audioHint', { formats: VIDEO_AUDIO.formats.map((f) => f.toUpperCase()).join(', '), size: '200 MB' })}
    />
  );
  if (upload.state.phase !== 'done') return panel;
  return (
    <Stack gap="2">
      <HStack justify="space-between" borderWidth="1px" borderRadius="md" p="3" wrap="wrap">
        <Text data-testid="chosen-audio">{t('videoNew.audioChosen', { name: upload.state.fileName })}</Text>
        <Button size="sm" color="white" onClick={() => setConfirming(true)}>
          {t('videoNew.replaceAudio')}
        </Button>
      </HStack>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('videoNew.replaceTitle')}
        submitText={t('videoNew.replaceAudio')}
        onSubmit={() => {
          setConfirming(false);
          upload.reset();
        }}
      >
        <Text>{t('videoNew.replaceText', { name: upload.state.fileName })}</Text>
      </Modal>
    </Stack>
  );
}
