import { RadioGroup as ChakraRadioGroup } from '@chakra-ui/react/radio-group';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';

export type RadioOption = { value: string; label: string; cycle?: string; price?: string | number; cycleText?: string };

export type RadioGroupProps = {
  options: RadioOption[];
  value?: string;
  name?: string;
  onChange: (value: string) => void;
  label?: string;
};

export function RadioGroup({ options, value, name, onChange, label }: RadioGroupProps) {
  return (
    <ChakraRadioGroup.Root
      value={value}
      name={name}
      onValueChange={(e) => e.value && onChange(e.value)}
      colorPalette="brand"
      aria-label={label}
    >
      <Stack gap="3">
        {options.map((option) => (
          <ChakraRadioGroup.Item key={option.value} value={option.value}>
            <ChakraRadioGroup.ItemHiddenInput />
            <ChakraRadioGroup.ItemIndicator />
            <ChakraRadioGroup.ItemText>
              {option.label}
              {option.price !== undefined ? (
                <Text as="span" ms="2" fontWeight="semibold">
                  {option.price}
                  {option.cycleText ? ` / ${option.cycleText}` : ''}
                </Text>
              ) : null}
            </ChakraRadioGroup.ItemText>
          </ChakraRadioGroup.Item>
        ))}
      </Stack>
    </ChakraRadioGroup.Root>
  );
}
