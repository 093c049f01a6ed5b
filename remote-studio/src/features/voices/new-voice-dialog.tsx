import { useState } from 'react';
import { FormError, TextField, useApiForm } from '@kagami/shared/forms';
import { Button, Stack, Text } from '@kagami/shared/ui';
import { Modal } from '@kagami/shared/ui-widgets';
import { acceptOf, VOICE_AUDIO, voiceForm, type VoiceForm } from '@kagami/shared/validation';
import { useStudioItem, useStudioMutation, useVoiceLibrary } from '../../data/queries';
import { studioApi } from '../../data/studio-api';
import { ContentLanguageSelect, defaultContentLanguage } from '../../components/content-language-select';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { UploadPanel } from '../../components/uploads/upload-panel';
import { useUpload } from '../../components/uploads/use-upload';
import { VoiceProcessing } from './voice-processing';
import { providerName } from '../../components/provider-name';

const FORM_ID = 'new-voice-form';

/** Voice creation: upload a recording, name it, then a processing dialog that follows its status. */
export function NewVoiceDialog() {
  const { t, i18n } = useStudioTranslation();
  const clonesWith = useVoiceLibrary().data?.clonesWith ?? null;
  const [open, setOpen] = useState(false);
  const [voiceId, setVoiceId] = useState<string | null>(null);
  const processingStatus = useStudioItem('voice', voiceId).data?.status;
  const upload = useUpload('voice_audio', VOICE_AUDIO, 'audio');
  const uploadId = upload.state.phase === 'done' ? upload.state.uploadId : null;
  const create = useStudioMutation(['voice'], (teamId, values: VoiceForm & { uploadId: string }) => studioApi.createVoice(teamId, values));
  const { form, formError, submitWith } = useApiForm<VoiceForm>(voiceForm, {
    name: '',
    language: defaultContentLanguage(i18n.resolvedLanguage),
  });
  const onSubmit = submitWith(async (values) => {
    if (!uploadId) throw { code: 'upload_required' };
    setVoiceId((await create.mutateAsync({ ...values, uploadId })).id);
  });
  const close = () => {
    setOpen(false);
    setVoiceId(null);
    upload.reset();
    form.reset();
  };

  return (
    <>
      <Button onClick={() => setOpen(true)}>{t('voices.create')}</Button>
      {voiceId ? (
        <Modal
          open={open}
          onClose={close}
          kind="success"
          title={t(`voices.processingTitle.${processingStatus ?? 'in_progress'}`)}
          submitText={t('common:buttons.close')}
          onSubmit={close}
        >
          <VoiceProcessing voiceId={voiceId} />
        </Modal>
      ) : (
        <Modal
          open={open}
          onClose={close}
          title={t('voices.newTitle')}
          submitText={t('voices.submit')}
          submitting={form.formState.isSubmitting}
          onSubmit={() => (document.getElementById(FORM_ID) as HTMLFormElement | null)?.requestSubmit()}
        >
          <form id={FORM_ID} onSubmit={onSubmit} noValidate aria-label={t('voices.newTitle')}>
            <Stack gap="4">
              <FormError error={formError} />
              <Text fontSize="sm" color="fg.muted" data-testid="voice-kind">
                {clonesWith ? t('voices.clonedBy', { provider: providerName(clonesWith) }) : t('voices.madeLocally')}
              </Text>
              <UploadPanel
                upload={upload}
                accept={acceptOf(VOICE_AUDIO, 'audio')}
                prompt={t('voices.dropPrompt')}
                hint={t('voices.dropHint', { formats: VOICE_AUDIO.formats.map((f) => f.toUpperCase()).join(', '), size: '32 MB' })}
              />
              <TextField form={form} name="name" label={t('fields.voiceName')} />
              <ContentLanguageSelect form={form as never} />
            </Stack>
          </form>
        </Modal>
      )}
    </>
  );
}
