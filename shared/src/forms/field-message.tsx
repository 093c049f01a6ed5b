import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationText } from '../i18n';
import { Text } from '../ui';

/** The field's validation message, translated, in danger text below a control that has no FormField of its own. */
export function FieldMessage<T extends FieldValues>({ form, name }: { form: UseFormReturn<T>; name: Path<T> }) {
  const { t } = useTranslation('common');
  const message = form.formState.errors[name]?.message;
  if (typeof message !== 'string') return null;
  return (
    <Text color="danger" fontSize="xs" role="alert">
      {validationText(t, message)}
    </Text>
  );
}
