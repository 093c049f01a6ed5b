import { useAtomValue } from 'jotai';
import { QUOTA_METERS, type QuotaMeter } from '@kagami/shared/api';
import { quotaAtom } from '@kagami/shared/session';
import { Alert, Grid, Section, Stack, Text, UsageMeter } from '@kagami/shared/ui';
import { formatDate } from '../../components/format-date';
import { useBillingTranslation } from '../../components/use-billing-translation';

function Meter({ name, meter }: { name: string; meter: QuotaMeter }) {
  const { t } = useBillingTranslation();
  return (
    <UsageMeter
      testId={`quota-${name}`}
      label={t(`quota.${name}`)}
      text={t(`quota.${meter.unit}`, { used: meter.used, total: meter.total })}
      used={meter.used}
      total={meter.total}
    />
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
