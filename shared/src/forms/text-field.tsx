import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationText } from '../i18n';
import { FormField, Input } from '../ui';

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
  const { t } = useTranslation('common');
  // Read by path, so that a part of a field (`colors.0`) finds its error too.
  const message = form.getFieldState(name, form.formState).error?.message;
  return (
    <FormField label={label} error={validationText(t, typeof message === 'string' ? message : undefined)} helper={helper}>
      <Input type={type} autoComplete={autoComplete} inputMode={inputMode} autoFocus={autoFocus} {...form.register(name)} />
    </FormField>
  );
}
