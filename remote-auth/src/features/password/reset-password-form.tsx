import { FormError, FormNotice, useApiForm } from '@kagami/shared/forms';
import { useState } from 'react';
import { useSearchParams } from '@kagami/shared/router';
import { paths } from '@kagami/shared/contract';
import { authApi, isApiError } from '@kagami/shared/api';
import { resetPasswordForm, type ResetPasswordForm } from '@kagami/shared/validation';
import { Alert, Button, Heading, Stack } from '@kagami/shared/ui';
import { AppLink } from '../../components/router-link';
import { NewPasswordFields } from '../../components/new-password-fields';
import { useAuthTranslation } from '../../components/use-auth-translation';

export function ResetPasswordForm() {
  const { t } = useAuthTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const [done, setDone] = useState(false);
  const { form, formError, submitWith } = useApiForm<ResetPasswordForm>(resetPasswordForm, { password: '', passwordConfirmation: '' });
  const onSubmit = submitWith(async ({ password }) => {
    await authApi.resetPassword(token ?? '', password);
    setDone(true);
  });
  const linkInvalid = isApiError(formError) && formError.code === 'reset_link_invalid';

  return (
    <Stack gap="5">
      <Heading size="xl">{t('reset.title')}</Heading>
      {!token ? (
        <Alert.Root status="warning" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('reset.missingToken')}</Alert.Title>
        </Alert.Root>
      ) : done ? (
        <FormNotice>{t('reset.done')}</FormNotice>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          <Stack gap="4">
            <FormError error={formError} />
            <NewPasswordFields form={form} label={t('fields.newPassword')} />
            <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
              {t('reset.submit')}
            </Button>
          </Stack>
        </form>
      )}
      {!token || linkInvalid ? <AppLink to={paths.forgotPassword()}>{t('reset.requestNew')}</AppLink> : null}
      <AppLink to={paths.login()}>{t('reset.login')}</AppLink>
    </Stack>
  );
}
