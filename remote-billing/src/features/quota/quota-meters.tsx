import { useAtomValue } from 'jotai';
import { QUOTA_METERS, type QuotaMeter } from '@kagami/shared/api';
import { quotaAtom } from '@kagami/shared/session';
import { Alert, Grid, HStack, Progress, Section, Stack, Text } from '@kagami/shared/ui';
import { formatDate } from '../../components/format-date';
import { useBillingTranslation } from '../../components/use-billing-translation';

function Meter({ name, meter }: { name: string; meter: QuotaMeter }) {
  const { t } = useBillingTranslation();
  const label = t(`quota.${name}`);
  const full = meter.used >= meter.total;
  return (
    <Stack gap="1" data-testid={`quota-${name}`}>
      <HStack justify="space-between" gap="2">
        <Text fontSize="sm" fontWeight="medium">
          {label}
        </Text>
        <Text fontSize="sm" color={full ? 'danger' : 'gray.700'}>
          {t(`quota.${meter.unit}`, { used: meter.used, total: meter.total })}
        </Text>
      </HStack>
      <Progress.Root
        value={Math.min(meter.used, meter.total)}
        max={Math.max(meter.total, 1)}
        colorPalette={full ? 'red' : 'brand'}
        aria-label={label}
      >
        <Progress.Track>
          <Progress.Range />
        </Progress.Track>
      </Progress.Root>
    </Stack>
  );
}

/** SPEC §3 Quota: used and total of each allowance of the plan the current team counts against, and the renewal date. */
export function QuotaMeters() {
  const { t, i18n } = useBillingTranslation();
  const quota = useAtomValue(quotaAtom);
  return (
    <Section title={t('quota.title')}>
      {quota?.nextRenewalDate ? (
        <Stack gap="4">
          {quota.ownerIsYou === false ? <Text color="gray.700">{t('quota.teamOwner')}</Text> : null}
          <Grid templateColumns={{ base: '1fr', md: '1fr 1fr' }} gap="4">
            {QUOTA_METERS.map((name) => (quota[name] ? <Meter key={name} name={name} meter={quota[name]} /> : null))}
          </Grid>
          <Text color="gray.700" data-testid="next-renewal">
            {t('quota.renews', { date: formatDate(quota.nextRenewalDate, i18n.language) })}
          </Text>
        </Stack>
      ) : (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('quota.unavailable')}</Alert.Title>
        </Alert.Root>
      )}
    </Section>
  );
}
