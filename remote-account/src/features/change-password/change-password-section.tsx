import * as v from 'valibot';
import { userApi } from '@kagami/shared/api';
import { FormError, TextField, useApiForm } from '@kagami/shared/forms';
import { confirms, currentPasswordField, passwordField } from '@kagami/shared/validation';
import { Button, HStack, notify, Section, Stack } from '@kagami/shared/ui';
import { useAccountTranslation } from '../../components/use-account-translation';

const changePasswordForm = v.pipe(
  v.object({ currentPassword: currentPasswordField, newPassword: passwordField, confirmation: v.string() }),
  confirms('newPassword', 'confirmation'),
);
type ChangePasswordForm = v.InferInput<typeof changePasswordForm>;

export function ChangePasswordSection() {
  const { t } = useAccountTranslation();
  const { form, formError, submitWith } = useApiForm<ChangePasswordForm>(changePasswordForm, {
    currentPassword: '',
    newPassword: '',
    confirmation: '',
  });
  const onSubmit = submitWith(async ({ currentPassword, newPassword }) => {
    await userApi.changePassword(currentPassword, newPassword);
    form.reset();
    notify({ status: 'success', title: t('changePassword.changed') });
  });
  return (
    <Section title={t('changePassword.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="3">
          <FormError error={formError} />
          <TextField
            form={form}
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            label={t('changePassword.current')}
          />
          <TextField
            form={form}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            label={t('changePassword.new')}
            helper={t('changePassword.hint')}
          />
          <TextField form={form} name="confirmation" type="password" autoComplete="new-password" label={t('changePassword.confirmation')} />
          <HStack justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('changePassword.submit')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Section>
  );
}
