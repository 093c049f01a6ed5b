import * as v from 'valibot';
import { useAtomValue, useStore } from 'jotai';
import { useQueryClient } from '@kagami/shared/query';
import { useNavigate } from '@kagami/shared/router';
import { isApiError, userApi } from '@kagami/shared/api';
import { paths } from '@kagami/shared/contract';
import { FormError, TextField, useApiForm } from '@kagami/shared/forms';
import { clearSession, profileAtom } from '@kagami/shared/session';
import { encodeMessage } from '@kagami/shared/validation';
import { Alert, Button, HStack, Section, Stack, Text } from '@kagami/shared/ui';
import { useAccountTranslation } from '../../components/use-account-translation';

/** Type the account's e-mail to delete it; refused while a team you own has other members. */
export function DeleteAccountSection() {
  const { t } = useAccountTranslation();
  const profile = useAtomValue(profileAtom);
  const store = useStore();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const email = profile?.email ?? '';
  const confirmForm = v.object({
    email: v.pipe(
      v.string(),
      v.check((typed) => typed.trim().toLowerCase() === email, encodeMessage('emailsMismatch')),
    ),
  });
  const { form, formError, submitWith } = useApiForm<{ email: string }>(confirmForm, { email: '' });
  const onSubmit = submitWith(async (values) => {
    await userApi.deleteAccount(profile!.id, values.email);
    clearSession(store);
    queryClient.clear();
    navigate(paths.login(), { replace: true });
  });
  const blockedTeams = isApiError(formError) && formError.code === 'team_has_members' ? (formError.body.teams as string[]) : null;
  return (
    <Section title={t('deleteAccount.title')} danger>
      <Text color="gray.700">{t('deleteAccount.warning')}</Text>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="3">
          {blockedTeams ? (
            <Alert.Root status="warning" role="alert">
              <Alert.Indicator />
              <Alert.Title>{t('deleteAccount.blocked', { teams: blockedTeams.join(', ') })}</Alert.Title>
            </Alert.Root>
          ) : (
            <FormError error={formError} />
          )}
          <TextField form={form} name="email" type="email" autoComplete="off" label={t('deleteAccount.typeEmail', { email })} />
          <HStack justify="flex-end">
            <Button type="submit" danger loading={form.formState.isSubmitting}>
              {t('deleteAccount.submit')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Section>
  );
}
