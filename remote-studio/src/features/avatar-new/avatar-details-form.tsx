import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { CheckboxField, FormError, TextField, useApiForm } from '@kagami/shared/forms';
import { profileAtom } from '@kagami/shared/session';
import { Box, Button, Stack, Text } from '@kagami/shared/ui';
import { avatarForm, type AvatarForm } from '@kagami/shared/validation';
import { useStudioMutation } from '../../data/queries';
import { studioApi } from '../../data/studio-api';
import type { Avatar } from '../../data/types';
import { ContentLanguageSelect, defaultContentLanguage } from '../../components/content-language-select';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { ConsentClip, type ConsentClipState } from './consent-clip';

/**
 * The avatar's name and language, and the consent naming the user, read and accepted before submit
 * (SPEC §5), with the consent clip where this Kagami asks for one. Submitting needs a finished upload.
 */
export function AvatarDetailsForm({
  uploadId,
  photo = false,
  onCreated,
}: {
  uploadId: string | null;
  /** Made from a photo: the statement speaks of the person in the photo. */
  photo?: boolean;
  onCreated: (avatar: Avatar) => void;
}) {
  const { t, i18n } = useStudioTranslation();
  const profile = useAtomValue(profileAtom);
  const consentText = t(photo ? 'avatarNew.photoConsentText' : 'avatarNew.consentText', {
    name: profile?.name ?? '',
    email: profile?.email ?? '',
  });
  const [clip, setClip] = useState<ConsentClipState>({ required: true, uploadId: null });
  const create = useStudioMutation(['avatar', 'voice'], (teamId, values: AvatarForm & { uploadId: string }) =>
    studioApi.createAvatar(teamId, {
      name: values.name,
      language: values.language,
      uploadId: values.uploadId,
      consentText,
      ...(clip.uploadId ? { consentUploadId: clip.uploadId } : {}),
    }),
  );
  const { form, formError, submitWith } = useApiForm<AvatarForm>(avatarForm, {
    name: '',
    language: defaultContentLanguage(i18n.resolvedLanguage),
    consent: false as never,
  });
  const language = form.watch('language');
  const clipMissing = clip.required && !clip.uploadId;
  const onSubmit = submitWith(async (values) => {
    if (!uploadId || clipMissing) return;
    onCreated(await create.mutateAsync({ ...values, uploadId }));
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('avatarNew.detailsTitle')}>
      <Stack gap="4">
        <FormError error={formError} />
        <TextField form={form} name="name" label={t('fields.avatarName')} />
        <ContentLanguageSelect form={form as never} />
        <Box borderWidth="1px" borderRadius="md" p="4" bg="gray.50">
          <Text fontWeight="medium" mb="2">
            {t('avatarNew.consentTitle')}
          </Text>
          <Text data-testid="consent-text" mb="3">
            {consentText}
          </Text>
          <CheckboxField form={form} name="consent" label={t('avatarNew.consentAccept')} />
        </Box>
        {/* A new language is a new phrase: the clip is recorded again for it. */}
        <ConsentClip key={language} language={language} onChange={setClip} />
        {!uploadId ? <Text color="fg.muted">{t('avatarNew.waitForUpload')}</Text> : null}
        {uploadId && clipMissing ? <Text color="fg.muted">{t('consentClip.waitForClip')}</Text> : null}
        <Box>
          <Button type="submit" disabled={!uploadId || clipMissing} loading={form.formState.isSubmitting}>
            {t('avatarNew.submit')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
