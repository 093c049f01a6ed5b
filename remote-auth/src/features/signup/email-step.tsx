import { CheckboxField, FormError, TextField, useApiForm } from '@kagami/shared/forms';
import { currentLanguage, Trans } from '@kagami/shared/i18n';
import { paths } from '@kagami/shared/contract';
import { authApi } from '@kagami/shared/api';
import { signupEmailForm, type SignupEmailForm } from '@kagami/shared/validation';
import { Button, Link, Stack } from '@kagami/shared/ui';
import { useAuthTranslation } from '../../components/use-auth-translation';

/** Step 1: an available e-mail address and agreement to the policy and terms. */
export function EmailStep({ email, onDone }: { email: string; onDone: (email: string) => void }) {
  const { t, i18n } = useAuthTranslation();
  const language = currentLanguage(i18n);
  const { form, formError, submitWith } = useApiForm<SignupEmailForm>(signupEmailForm, { email, agreement: false as never });
  const onSubmit = submitWith(async (values) => {
    await authApi.checkEmail(values.email);
    onDone(values.email.trim().toLowerCase());
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="4">
        <FormError error={formError} />
        <TextField form={form} name="email" type="email" autoComplete="email" label={t('fields.email')} autoFocus />
        <CheckboxField
          form={form}
          name="agreement"
          label={
            <Trans
              t={t}
              i18nKey="signup.agreement"
              components={{
                privacy: <Link href={paths.privacyPolicy(language)} target="_blank" color="brand.700" />,
                terms: <Link href={paths.termsOfUse(language)} target="_blank" color="brand.700" />,
              }}
            />
          }
        />
        <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
          {t('common:buttons.next')}
        </Button>
      </Stack>
    </form>
  );
}
