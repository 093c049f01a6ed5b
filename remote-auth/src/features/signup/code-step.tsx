import { FormError, FormNotice, TextField, useApiForm } from '@kagami/shared/forms';
import { useEffect, useState } from 'react';
import { authApi, isApiError } from '@kagami/shared/api';
import { currentLanguage } from '@kagami/shared/i18n';
import { useSessionActions } from '@kagami/shared/session';
import { verificationCodeForm, type VerificationCodeForm } from '@kagami/shared/validation';
import { Button, HStack, Stack, Text } from '@kagami/shared/ui';
import { useAuthTranslation } from '../../components/use-auth-translation';
import { useCountdown } from './use-countdown';

/** Step 3: the mailed code, with resend after the server's wait; success signs the user in. */
export function CodeStep({
  email,
  password,
  waitSeconds,
  onBack,
}: {
  email: string;
  password: string;
  waitSeconds: number;
  onBack: () => void;
}) {
  const { t, i18n } = useAuthTranslation();
  const actions = useSessionActions();
  const countdown = useCountdown();
  const [resendError, setResendError] = useState<unknown>(null);
  const [resent, setResent] = useState(false);
  const { form, formError, submitWith } = useApiForm<VerificationCodeForm>(verificationCodeForm, { code: '' });
  const { start } = countdown;
  useEffect(() => start(waitSeconds), [start, waitSeconds]);

  const onSubmit = submitWith(async ({ code }) => {
    await authApi.verifyCode(email, code);
    await actions.signup({ email, password, code, language: currentLanguage(i18n) });
  });

  const resend = async () => {
    setResendError(null);
    setResent(false);
    try {
      const sent = await authApi.resendCode(email, currentLanguage(i18n));
      countdown.start(sent.resendAfterSeconds);
      setResent(true);
    } catch (error) {
      if (isApiError(error) && error.retryAfterSeconds) countdown.start(error.retryAfterSeconds);
      setResendError(error);
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <Text color="gray.700">{t('signup.codeSentTo', { email })}</Text>
        <FormError error={formError ?? resendError} />
        {resent ? <FormNotice>{t('signup.resent')}</FormNotice> : null}
        <TextField form={form} name="code" inputMode="numeric" autoComplete="one-time-code" label={t('fields.code')} autoFocus />
        <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
          {t('signup.verify')}
        </Button>
        <HStack justify="space-between" wrap="wrap">
          <Button color="white" size="sm" onClick={onBack}>
            {t('signup.changeEmail')}
          </Button>
          <Button color="secondary" size="sm" onClick={() => void resend()} disabled={countdown.secondsLeft > 0}>
            {countdown.secondsLeft > 0 ? t('signup.resendIn', { seconds: countdown.secondsLeft }) : t('signup.resend')}
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
