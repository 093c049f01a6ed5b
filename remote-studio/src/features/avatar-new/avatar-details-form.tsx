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

/**
 * The avatar's name and language, and the consent naming the user, read and accepted before submit
 * (SPEC §5). Submitting needs a finished upload.
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
  const create = useStudioMutation(['avatar', 'voice'], (teamId, values: AvatarForm & { uploadId: string }) =>
    studioApi.createAvatar(teamId, { name: values.name, language: values.language, uploadId: values.uploadId, consentText }),
  );
  const { form, formError, submitWith } = useApiForm<AvatarForm>(avatarForm, {
    name: '',
    language: defaultContentLanguage(i18n.resolvedLanguage),
    consent: false as never,
  });
  const onSubmit = submitWith(async (values) => {
    if (!uploadId) return;
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
        {!uploadId ? <Text color="fg.muted">{t('avatarNew.waitForUpload')}</Text> : null}
        <Box>
          <Button type="submit" disabled={!uploadId} loading={form.formState.isSubmitting}>
            {t('avatarNew.submit')}
          </Button>
        </Box>
      </Stack>
    </form>
  );
}
