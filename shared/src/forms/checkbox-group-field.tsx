import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { Checkbox, HStack, Stack, Text } from '../ui';
import { FieldMessage } from './field-message';

/** Checkboxes bound to a form field holding the chosen options' values, its error below in danger text. */
export function CheckboxGroupField<T extends FieldValues>({
  form,
  name,
  label,
  options,
}: {
  form: UseFormReturn<T>;
  name: Path<T>;
  label: string;
  options: readonly { value: string; label: string }[];
}) {
  return (
    <Stack gap="1" role="group" aria-label={label}>
      <Text fontWeight="medium" fontSize="sm">
        {label}
      </Text>
      <Controller
        control={form.control}
        name={name}
        render={({ field }) => {
          const chosen = (field.value ?? []) as string[];
          return (
            <HStack gap="4" wrap="wrap">
              {options.map((option) => (
                <Checkbox.Root
                  key={option.value}
                  checked={chosen.includes(option.value)}
                  onCheckedChange={(e) =>
                    field.onChange(e.checked === true ? [...chosen, option.value] : chosen.filter((value) => value !== option.value))
                  }
                  colorPalette="brand"
                >
                  <Checkbox.HiddenInput name={`${field.name}-${option.value}`} onBlur={field.onBlur} />
                  <Checkbox.Control />
                  <Checkbox.Label>{option.label}</Checkbox.Label>
                </Checkbox.Root>
              ))}
            </HStack>
          );
        }}
      />
      <FieldMessage form={form} name={name} />
    </Stack>
  );
}
