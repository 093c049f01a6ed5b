import type { ReactNode } from 'react';
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Checkbox, Stack } from '../ui';
import { FieldMessage } from './field-message';

/** A checkbox bound to a boolean form field, its error below in danger text. */
export function CheckboxField<T extends FieldValues>({ form, name, label }: { form: UseFormReturn<T>; name: Path<T>; label: ReactNode }) {
  return (
    <Stack gap="1">
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => (
          <Checkbox.Root checked={Boolean(field.value)} onCheckedChange={(e) => field.onChange(e.checked === true)} colorPalette="brand">
            <Checkbox.HiddenInput name={field.name} onBlur={field.onBlur} />
            <Checkbox.Control />
            <Checkbox.Label>{label}</Checkbox.Label>
          </Checkbox.Root>
        )}
      />
      <FieldMessage form={form} name={name} />
    </Stack>
  );
}
