import * as v from 'valibot';
import { teamApi } from '@kagami/shared/api';
import { FormError, TextField, useApiForm } from '@kagami/shared/forms';
import { currentLanguage } from '@kagami/shared/i18n';
import { emailField, UI_LANGUAGES, uiLanguageField } from '@kagami/shared/validation';
import { Box, Button, FormField, Heading, HStack, notify, Select, Stack } from '@kagami/shared/ui';
import { useAccountTranslation } from '../../components/use-account-translation';
import { useTeamMutation } from './use-team-members';

const inviteForm = v.object({ email: emailField, language: uiLanguageField });
type InviteForm = v.InferInput<typeof inviteForm>;

export function InviteForm({ teamId }: { teamId: string }) {
  const { t, i18n } = useAccountTranslation();
  const invite = useTeamMutation(teamId, (values: InviteForm) => teamApi.invite(teamId, values.email, values.language));
  const { form, formError, submitWith } = useApiForm<InviteForm>(inviteForm, { email: '', language: currentLanguage(i18n) });
  const onSubmit = submitWith(async (values) => {
    await invite.mutateAsync(values);
    notify({ status: 'success', title: t('team.invited', { email: values.email }) });
    form.reset({ email: '', language: values.language });
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('team.invite')}>
      <Stack gap="3">
        <Heading size="sm" as="h3">
          {t('team.invite')}
        </Heading>
        <FormError error={formError} />
        <HStack align="flex-start" gap="3" wrap="wrap">
          <Box flex="2" minW="220px">
            <TextField form={form} name="email" type="email" label={t('team.inviteEmail')} />
          </Box>
          <Box flex="1" minW="140px">
            <FormField label={t('team.inviteLanguage')}>
              <Select
                aria-label={t('team.inviteLanguage')}
                options={UI_LANGUAGES.map((language) => ({ value: language, label: t(`common:language.${language}`) }))}
                {...form.register('language')}
              />
            </FormField>
          </Box>
        </HStack>
        <HStack justify="flex-end">
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('team.inviteSubmit')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
