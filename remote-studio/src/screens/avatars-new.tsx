import { useState } from 'react';
import { useSearchParams } from '@kagami/shared/router';
import { acceptOf, AVATAR_PHOTO, AVATAR_VIDEO } from '@kagami/shared/validation';
import { Box, Button, Grid, HStack, Stack, Text } from '@kagami/shared/ui';
import { PageHeader } from '../components/page-header';
import { useStudioItem } from '../data/queries';
import { useStudioEvents } from '../data/use-studio-events';
import { useStudioTranslation } from '../components/use-studio-translation';
import { AvatarDetailsForm } from '../features/avatar-new/avatar-details-form';
import { AvatarProcessing } from '../features/avatar-new/avatar-processing';
import { Requirements } from '../features/avatar-new/requirements';
import { WebcamRecorder } from '../features/avatar-new/webcam-recorder';
import { avatarStageText } from '../components/avatar-stage';
import { percent } from '../components/uploads/format';
import { UploadPanel } from '../components/uploads/upload-panel';
import { useUpload } from '../components/uploads/use-upload';

type Source = 'choose' | 'upload' | 'photo' | 'webcam';

/** AvatarsNew: requirements, then an uploaded video or photo or a webcam recording with consent, then the processing screen. */
export default function AvatarsNew() {
  const { t } = useStudioTranslation();
  useStudioEvents();
  const [params, setParams] = useSearchParams();
  const [source, setSource] = useState<Source>('choose');
  const videoUpload = useUpload('avatar_video', AVATAR_VIDEO, 'video');
  const photoUpload = useUpload('avatar_photo', AVATAR_PHOTO, 'image');
  const photo = source === 'photo';
  const upload = photo ? photoUpload : videoUpload;
  const avatarId = params.get('avatar');
  const processingStatus = useStudioItem('avatar', avatarId).data?.status;
  const uploadId = upload.state.phase === 'done' ? upload.state.uploadId : null;

  const startOver = () => {
    videoUpload.reset();
    photoUpload.reset();
    setSource('choose');
    setParams({});
  };

  if (avatarId) {
    return (
      <Stack gap="6" maxW="3xl">
        <PageHeader title={t(`avatarNew.processingTitle.${processingStatus ?? 'in_progress'}`)} />
        <AvatarProcessing avatarId={avatarId} onStartOver={startOver} />
      </Stack>
    );
  }

  const uploading = upload.state.phase !== 'idle' && upload.state.phase !== 'failed';
  return (
    <Stack gap="6" maxW="3xl">
      <PageHeader title={t('avatarNew.title')} description={t('avatarNew.description')} />
      <Requirements photo={photo} />
      {source === 'choose' && upload.state.phase === 'idle' && upload.unfinished.length === 0 ? (
        <Grid templateColumns={{ base: '1fr', md: 'repeat(3, 1fr)' }} gap="4">
          <SourceChoice
            title={t('avatarNew.uploadTitle')}
            text={t('avatarNew.uploadText')}
            onChoose={() => setSource('upload')}
            action={t('avatarNew.chooseUpload')}
          />
          <SourceChoice
            title={t('avatarNew.photoTitle')}
            text={t('avatarNew.photoText')}
            onChoose={() => setSource('photo')}
            action={t('avatarNew.choosePhoto')}
          />
          <SourceChoice
            title={t('avatarNew.webcamTitle')}
            text={t('avatarNew.webcamText')}
            onChoose={() => setSource('webcam')}
            action={t('avatarNew.chooseWebcam')}
          />
        </Grid>
      ) : (
        <Box borderWidth="1px" borderRadius="lg" bg="white" p="5">
          {/* The recorder stays while its recording uploads, so a failed upload can be sent again. */}
          {source === 'webcam' ? <WebcamRecorder onRecorded={(file) => void upload.start(file)} sending={uploading} /> : null}
          {source !== 'webcam' || upload.state.phase !== 'idle' ? (
            <Box mt={source === 'webcam' ? '4' : undefined}>
              {upload.state.phase === 'uploading' ? (
                <Text fontWeight="semibold" mb="2" data-testid="avatar-stage" data-stage="uploading">
                  {avatarStageText(t, 'uploading', percent(upload.state.sent, upload.state.total))}
                </Text>
              ) : null}
              {photo ? (
                <UploadPanel
                  upload={upload}
                  accept={acceptOf(AVATAR_PHOTO, 'image')}
                  prompt={t('avatarNew.photoDropPrompt')}
                  hint={t('avatarNew.photoDropHint', { pixels: AVATAR_PHOTO.minFacePixels })}
                />
              ) : (
                <UploadPanel
                  upload={upload}
                  accept={acceptOf(AVATAR_VIDEO, 'video')}
                  prompt={t('avatarNew.dropPrompt')}
                  hint={t('avatarNew.dropHint', { formats: AVATAR_VIDEO.formats.map((f) => f.toUpperCase()).join(', ') })}
                />
              )}
            </Box>
          ) : null}
          {upload.state.phase === 'idle' || upload.state.phase === 'failed' ? (
            <HStack mt="3">
              <Button size="sm" color="white" onClick={startOver}>
                {t('avatarNew.otherSource')}
              </Button>
            </HStack>
          ) : null}
        </Box>
      )}
      {source !== 'choose' || upload.state.phase !== 'idle' ? (
        <Box borderWidth="1px" borderRadius="lg" bg="white" p="5">
          <AvatarDetailsForm uploadId={uploadId} photo={photo} onCreated={(avatar) => setParams({ avatar: avatar.id })} />
        </Box>
      ) : null}
    </Stack>
  );
}

function SourceChoice({ title, text, action, onChoose }: { title: string; text: string; action: string; onChoose: () => void }) {
  return (
    <Stack borderWidth="1px" borderRadius="lg" bg="white" p="5" gap="3" justify="space-between">
      <Stack gap="1">
        <Text fontWeight="semibold">{title}</Text>
        <Text color="fg.muted" fontSize="sm">
          {text}
        </Text>
      </Stack>
      <Box>
        <Button onClick={onChoose}>{action}</Button>
      </Box>
    </Stack>
  );
}
