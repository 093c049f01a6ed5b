import { Input } from '@chakra-ui/react/input';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { Stack } from '@chakra-ui/react/stack';
import { forwardRef, useEffect, useState, type ChangeEvent, type FocusEvent } from 'react';
import { UI } from './constants';

export type Option = { value: string; label: string };

export type SelectProps = {
  options: Option[];
  value?: string;
  name?: string;
  placeholder?: string;
  invalid?: boolean;
  onChange?: (event: ChangeEvent<HTMLSelectElement>) => void;
  onBlur?: (event: FocusEvent<HTMLSelectElement>) => void;
  'aria-label'?: string;
  /** When given, a search box filters the options; its text arrives here 500 ms after typing stops. */
  onSearch?: (text: string) => void;
  searchPlaceholder?: string;
  id?: string;
  disabled?: boolean;
};

export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select(
  { options, placeholder, invalid, onSearch, searchPlaceholder, ...field },
  ref,
) {
  const [search, setSearch] = useState('');
  useEffect(() => {
    if (!onSearch) return;
    const timer = setTimeout(() => onSearch(search), UI.selectDebounceMs);
    return () => clearTimeout(timer);
  }, [search, onSearch]);
  return (
    <Stack gap="2">
      {onSearch ? <Input value={search} placeholder={searchPlaceholder} onChange={(e) => setSearch(e.target.value)} /> : null}
      <NativeSelect.Root invalid={invalid} disabled={field.disabled}>
        <NativeSelect.Field ref={ref} aria-invalid={invalid || undefined} {...field}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Stack>
  );
});
