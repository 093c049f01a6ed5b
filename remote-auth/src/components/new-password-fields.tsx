import { TextField, type UseFormReturn } from '@kagami/shared/forms';
import type { SignupPasswordForm } from '@kagami/shared/validation';
import { useAuthTranslation } from './use-auth-translation';

/** A new password and its confirmation (sign-up and reset share the same rules and schema). */
export function NewPasswordFields({ form, label }: { form: UseFormReturn<SignupPasswordForm>; label: string }) {
  const { t } = useAuthTranslation();
  return (
    <>
      <TextField
        form={form}
        name="password"
        type="password"
        autoComplete="new-password"
        label={label}
        helper={t('signup.passwordHint')}
        autoFocus
      />
      <TextField
        form={form}
        name="passwordConfirmation"
        type="password"
        autoComplete="new-password"
        label={t('fields.passwordConfirmation')}
      />
    </>
  );
}
