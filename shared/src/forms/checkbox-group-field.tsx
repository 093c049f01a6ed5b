import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationText } from '../i18n';
import { Checkbox, HStack, Stack, Text } from '../ui';

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
  const { t } = useTranslation('common');
  const message = form.formState.errors[name]?.message;
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
      {typeof message === 'string' ? (
        <Text color="danger" fontSize="xs" role="alert">
          {validationText(t, message)}
        </Text>
      ) : null}
    </Stack>
  );
}
