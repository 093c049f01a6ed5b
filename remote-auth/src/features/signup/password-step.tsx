import { FormError, useApiForm } from '@kagami/shared/forms';
import { authApi, isApiError } from '@kagami/shared/api';
import { currentLanguage } from '@kagami/shared/i18n';
import { signupPasswordForm, type SignupPasswordForm } from '@kagami/shared/validation';
import { Button, HStack, Stack } from '@kagami/shared/ui';
import { NewPasswordFields } from '../../components/new-password-fields';
import { useAuthTranslation } from '../../components/use-auth-translation';

/** Step 2: the password (twice); then a code is mailed. A code already on its way counts as sent. */
export function PasswordStep({
  email,
  onBack,
  onDone,
}: {
  email: string;
  onBack: () => void;
  onDone: (password: string, waitSeconds: number) => void;
}) {
  const { t, i18n } = useAuthTranslation();
  const { form, formError, submitWith } = useApiForm<SignupPasswordForm>(signupPasswordForm, { password: '', passwordConfirmation: '' });
  const onSubmit = submitWith(async ({ password }) => {
    try {
      const sent = await authApi.sendVerificationCode(email, currentLanguage(i18n));
      onDone(password, sent.resendAfterSeconds);
    } catch (error) {
      if (isApiError(error) && error.code === 'too_many_requests') return onDone(password, error.retryAfterSeconds ?? 60);
      throw error;
    }
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <FormError error={formError} />
        <NewPasswordFields form={form} label={t('fields.password')} />
        <HStack justify="space-between">
          <Button color="white" onClick={onBack}>
            {t('common:buttons.back')}
          </Button>
          <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
            {t('common:buttons.next')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
