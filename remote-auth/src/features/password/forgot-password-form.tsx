import { FormError, FormNotice, TextField, useApiForm } from '@kagami/shared/forms';
import { useState } from 'react';
import { paths } from '@kagami/shared/contract';
import { authApi } from '@kagami/shared/api';
import { currentLanguage } from '@kagami/shared/i18n';
import { forgotPasswordForm, type ForgotPasswordForm } from '@kagami/shared/validation';
import { Button, Stack } from '@kagami/shared/ui';
import { ScreenTitle } from '../../components/screen-title';
import { AppLink } from '../../components/router-link';
import { useAuthTranslation } from '../../components/use-auth-translation';

export function ForgotPasswordForm() {
  const { t, i18n } = useAuthTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { form, formError, submitWith } = useApiForm<ForgotPasswordForm>(forgotPasswordForm, { email: '' });
  const onSubmit = submitWith(async ({ email }) => {
    await authApi.forgotPassword(email, currentLanguage(i18n));
    setSentTo(email);
  });
  return (
    <Stack gap="5">
      <ScreenTitle title={t('forgot.title')} intro={t('forgot.intro')} />
      {sentTo ? <FormNotice>{t('forgot.sent', { email: sentTo })}</FormNotice> : null}
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormError error={formError} />
          <TextField form={form} name="email" type="email" autoComplete="email" label={t('fields.email')} autoFocus />
          <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
            {t('forgot.submit')}
          </Button>
        </Stack>
      </form>
      <AppLink to={paths.login()}>{t('forgot.back')}</AppLink>
    </Stack>
  );
}
