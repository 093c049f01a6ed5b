import type { HistoryRange } from '@kagami/shared/api';
import { useApiForm } from '@kagami/shared/forms';
import { validationText } from '@kagami/shared/i18n';
import { historyRangeForm, type HistoryRangeForm } from '@kagami/shared/validation';
import { Box, Button, FormField, HStack, Input } from '@kagami/shared/ui';
import { useBillingTranslation } from '../../components/use-billing-translation';

type Range = Pick<HistoryRange, 'from' | 'to'>;

/** The display period (SPEC §5): either end may stay open; an end before the start is refused with SPEC's message. */
export function HistoryFilter({ value, onApply }: { value: Range; onApply: (range: Range) => void }) {
  const { t } = useBillingTranslation();
  const { form, submitWith } = useApiForm<HistoryRangeForm>(historyRangeForm, value);
  const onSubmit = submitWith(async ({ from = '', to = '' }) => onApply({ from, to }));
  const error = (name: 'from' | 'to') => {
    const message = form.formState.errors[name]?.message;
    return validationText(t, typeof message === 'string' ? message : undefined);
  };
  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('history.period')}>
      <HStack gap="4" align="flex-start" wrap="wrap">
        <Box minW="180px">
          <FormField label={t('history.from')} error={error('from')}>
            <Input type="date" {...form.register('from')} aria-invalid={Boolean(error('from')) || undefined} />
          </FormField>
        </Box>
        <Box minW="180px" maxW="md">
          <FormField label={t('history.to')} error={error('to')}>
            <Input type="date" {...form.register('to')} aria-invalid={Boolean(error('to')) || undefined} />
          </FormField>
        </Box>
        <Button type="submit" mt="7">
          {t('history.show')}
        </Button>
      </HStack>
    </form>
  );
}
