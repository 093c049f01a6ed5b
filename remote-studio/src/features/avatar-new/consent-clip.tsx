import { useEffect, useState } from 'react';
import { useQuery } from '@kagami/shared/query';
import { FormError } from '@kagami/shared/forms';
import { Box, Button, HStack, LoadState, Stack, Text } from '@kagami/shared/ui';
import { acceptOf, CONSENT_CLIP, type ContentLanguage } from '@kagami/shared/validation';
import { studioKeys } from '../../data/keys';
import { useTeamId } from '../../data/queries';
import { studioApi } from '../../data/studio-api';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { UploadPanel } from '../../components/uploads/upload-panel';
import { useUpload } from '../../components/uploads/use-upload';
import { WebcamRecorder } from './webcam-recorder';
import { dateTimeFormat } from '@kagami/shared/i18n';

/** What the form needs of the consent clip: whether one is asked for, and its upload once finished. */
export type ConsentClipState = { required: boolean; uploadId: string | null };

/**
 * The consent clip: the person the avatar shows reads a phrase naming them, with a one-time code, on camera (recorded
 * here with the webcam, or an uploaded clip). Shown only where this Kagami asks for it (AVATAR_CONSENT=video).
 */
export function ConsentClip({ language, onChange }: { language: ContentLanguage; onChange: (state: ConsentClipState) => void }) {
  const { t, i18n } = useStudioTranslation();
  const teamId = useTeamId();
  const [mode, setMode] = useState<'choose' | 'webcam' | 'upload'>('choose');
  const upload = useUpload('avatar_consent', CONSENT_CLIP, 'video');
  // Each request is a new code, and only the latest counts: never fetched again behind the reader's back.
  const phrase = useQuery({
    queryKey: studioKeys.consentPhrase(teamId, language),
    queryFn: () => studioApi.consentPhrase(teamId, language),
    enabled: Boolean(teamId),
    staleTime: Infinity,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 30_000);
    return () => clearInterval(timer);
  }, []);

  const required = phrase.data?.required ?? true;
  const uploadId = upload.state.phase === 'done' ? upload.state.uploadId : null;
  useEffect(() => onChange({ required, uploadId }), [required, uploadId, onChange]);

  if (phrase.data && !phrase.data.required) return null;
  const expiresAt = phrase.data ? Date.parse(phrase.data.expiresAt) : Infinity;
  const expired = !uploadId && now >= expiresAt;
  const newPhrase = () => {
    upload.reset();
    setMode('choose');
    setNow(Date.now());
    void phrase.refetch();
  };
  const sending = upload.state.phase !== 'idle' && upload.state.phase !== 'failed';

  return (
    <Box borderWidth="1px" borderRadius="md" p="4" bg="gray.50" data-testid="consent-clip">
      <Text fontWeight="medium" mb="2">
        {t('consentClip.title')}
      </Text>
      <LoadState loading={phrase.isPending} error={phrase.error} onRetry={() => void phrase.refetch()}>
        {phrase.data ? (
          <Stack gap="3">
            <Text>{t('consentClip.intro')}</Text>
            <Box bg="white" borderWidth="1px" borderRadius="md" p="3" fontSize="lg" lang={language} data-testid="consent-phrase">
              {phrase.data.phrase}
            </Box>
            {expired ? (
              <Stack gap="2">
                <FormError error={{ code: 'consent_phrase_expired' }} />
                <Box>
                  <Button size="sm" onClick={newPhrase}>
                    {t('consentClip.newPhrase')}
                  </Button>
                </Box>
              </Stack>
            ) : (
              <>
                <Text fontSize="sm" color="fg.muted">
                  {t('consentClip.validUntil', {
                    time: dateTimeFormat(i18n.resolvedLanguage, { hour: '2-digit', minute: '2-digit' }).format(new Date(expiresAt)),
                  })}
                </Text>
                {mode === 'choose' && upload.state.phase === 'idle' ? (
                  <HStack gap="2" wrap="wrap">
                    <Button size="sm" onClick={() => setMode('webcam')}>
                      {t('consentClip.record')}
                    </Button>
                    <Button size="sm" color="white" onClick={() => setMode('upload')}>
                      {t('consentClip.upload')}
                    </Button>
                  </HStack>
                ) : null}
                {mode === 'webcam' ? (
                  <WebcamRecorder
                    onRecorded={(file) => void upload.start(file)}
                    sending={sending}
                    purpose={{
                      script: phrase.data.phrase,
                      minSeconds: CONSENT_CLIP.minSeconds,
                      tooShort: 'consent_clip_too_short',
                      max: { seconds: CONSENT_CLIP.maxSeconds, tooLong: 'consent_clip_too_long' },
                      tips: t('consentClip.tips'),
                    }}
                  />
                ) : null}
                {mode === 'upload' || upload.state.phase !== 'idle' ? (
                  <UploadPanel
                    upload={upload}
                    accept={acceptOf(CONSENT_CLIP, 'video')}
                    prompt={t('consentClip.dropPrompt')}
                    hint={t('consentClip.dropHint', { seconds: CONSENT_CLIP.maxSeconds })}
                  />
                ) : null}
              </>
            )}
          </Stack>
        ) : null}
      </LoadState>
    </Box>
  );
}
