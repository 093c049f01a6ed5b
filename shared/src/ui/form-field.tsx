import { Field } from '@chakra-ui/react/field';
import type { ReactNode } from 'react';

/** A labelled control with its error below it in danger text. `error` is already translated. */
export function FormField({
  label,
  error,
  helper,
  required,
  children,
}: {
  label: ReactNode;
  error?: string;
  helper?: ReactNode;
  required?: boolean;
  children: ReactNode;
}) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>
        {label}
        {required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      {children}
      {helper && !error ? <Field.HelperText>{helper}</Field.HelperText> : null}
      {error ? (
        <Field.ErrorText color="danger" role="alert">
          {error}
        </Field.ErrorText>
      ) : null}
    </Field.Root>
  );
}
