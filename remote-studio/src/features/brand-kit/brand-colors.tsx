import { useWatch, type UseFormReturn } from '@kagami/shared/forms';
import { validationText } from '@kagami/shared/i18n';
import { Box, Button, FormField, HStack, Input, Stack } from '@kagami/shared/ui';
import { BRAND_COLORS_MAX, type BrandKitForm } from '@kagami/shared/validation';
import { useStudioTranslation } from '../../components/use-studio-translation';

const HEX = /^#[0-9a-fA-F]{6}$/;
/** A new colour starts from the product's teal. */
const NEW_COLOR = '#0F766E';

/** The kit's colours (up to six, the first the accent): a swatch and a hex input each, to change, add or remove. */
export function BrandColors({ form }: { form: UseFormReturn<BrandKitForm> }) {
  const { t } = useStudioTranslation();
  const colors = useWatch({ control: form.control, name: 'colors' });
  // Checked again as the user corrects, once the form has been sent.
  const set = (next: string[]) => form.setValue('colors', next, { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  const listError = form.getFieldState('colors', form.formState).error;

  return (
    <Stack gap="3" role="group" aria-label={t('brandKit.colors.title')}>
      {colors.map((color, index) => {
        const label = index === 0 ? t('brandKit.colors.accent') : t('brandKit.colors.color', { number: index + 1 });
        const message = form.getFieldState(`colors.${index}`, form.formState).error?.message;
        return (
          <HStack key={index} gap="3" align="flex-end" data-testid="brand-color">
            <Box
              data-testid="brand-swatch"
              aria-hidden
              flexShrink={0}
              boxSize="10"
              mb={message ? '6' : '0'}
              borderRadius="md"
              borderWidth="1px"
              borderColor="border"
              style={{ background: HEX.test(color) ? color : 'transparent' }}
            />
            <Box flex="1" minW="0">
              <FormField label={label} error={validationText(t, typeof message === 'string' ? message : undefined)}>
                <Input
                  value={color}
                  maxLength={7}
                  spellCheck={false}
                  autoCapitalize="off"
                  onChange={(event) => set(colors.map((old, at) => (at === index ? event.target.value.trim() : old)))}
                />
              </FormField>
            </Box>
            <Button
              size="sm"
              color="white"
              mb={message ? '6' : '0'}
              aria-label={t('brandKit.colors.remove', { label })}
              onClick={() => set(colors.filter((_, at) => at !== index))}
            >
              {t('brandKit.colors.removeShort')}
            </Button>
          </HStack>
        );
      })}
      {listError?.message ? (
        <Box color="danger" fontSize="sm" role="alert">
          {validationText(t, listError.message)}
        </Box>
      ) : null}
      <Box>
        <Button size="sm" color="secondary" disabled={colors.length >= BRAND_COLORS_MAX} onClick={() => set([...colors, NEW_COLOR])}>
          {t('brandKit.colors.add')}
        </Button>
      </Box>
    </Stack>
  );
}
