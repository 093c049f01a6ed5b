import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { validationText } from '@kagami/shared/i18n';
import { FormField, Input } from '@kagami/shared/ui';
import { useAuthTranslation } from './use-auth-translation';

type TextFieldProps<T extends FieldValues> = {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  helper?: string;
  inputMode?: 'numeric' | 'email' | 'text';
  autoFocus?: boolean;
};

export function TextField<T extends FieldValues>({
  form,
  name,
  label,
  type = 'text',
  autoComplete,
  helper,
  inputMode,
  autoFocus,
}: TextFieldProps<T>) {
  const { t } = useAuthTranslation();
  const message = form.formState.errors[name]?.message;
  return (
    <FormField label={label} error={validationText(t, typeof message === 'string' ? message : undefined)} helper={helper}>
      <Input type={type} autoComplete={autoComplete} inputMode={inputMode} autoFocus={autoFocus} {...form.register(name)} />
    </FormField>
  );
}
