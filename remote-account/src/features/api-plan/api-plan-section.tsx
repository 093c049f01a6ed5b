import { useAtomValue } from 'jotai';
import { billingApi, billingKeys, type QuotaMeter } from '@kagami/shared/api';
import { paths } from '@kagami/shared/contract';
import { useQuery } from '@kagami/shared/query';
import { Link as RouterLink } from '@kagami/shared/router';
import { profileAtom } from '@kagami/shared/session';
import { Alert, Link, LoadState, Section, Stack, Text, UsageMeter } from '@kagami/shared/ui';
import { useAccountTranslation } from '../../components/use-account-translation';
import { dateTimeFormat } from '@kagami/shared/i18n';

function MinutesMeter({ meter }: { meter: QuotaMeter }) {
  const { t } = useAccountTranslation();
  const left = Math.max(0, Math.round((meter.total - meter.used) * 10) / 10);
  return (
    <UsageMeter
      testId="api-plan-minutes"
      label={t('apiPlan.videoMinutes')}
      text={t('apiPlan.used', { used: meter.used, total: meter.total, left })}
      used={meter.used}
      total={meter.total}
    />
  );
}

/**
 * The API plan the team's key is charged to: its name and minutes used and left, or, without one, that calls to the
 * API need an API plan (the app plan does not cover them), with the way to the API plans.
 */
export function ApiPlanSection() {
  const { t, i18n } = useAccountTranslation();
  const teamId = useAtomValue(profileAtom)?.currentTeam?.id ?? '';
  const plan = useQuery({
    queryKey: billingKeys.teamApiQuota(teamId),
    queryFn: () => billingApi.teamApiQuota(teamId),
    enabled: Boolean(teamId),
  });
  const quota = plan.data?.quota;
  const plansLink = (
    <Link asChild color="brand.700" fontWeight="semibold">
      <RouterLink to={paths.apiPlans()}>{t(quota ? 'apiPlan.change' : 'apiPlan.choose')}</RouterLink>
    </Link>
  );
  return (
    <Section title={t('apiPlan.title')}>
      <LoadState loading={plan.isPending} error={plan.error} onRetry={() => void plan.refetch()}>
        {quota ? (
          <Stack gap="3" data-testid="api-plan">
            <Text fontSize="lg" fontWeight="semibold">
              {t(`apiPlan.names.${quota.plan}`, { defaultValue: quota.plan })}
            </Text>
            {quota.videoMinutes ? <MinutesMeter meter={quota.videoMinutes} /> : null}
            <Text color="gray.600" fontSize="sm">
              {t('apiPlan.renews', {
                date: dateTimeFormat(i18n.language === 'ja' ? 'ja-JP' : 'en-US', {}).format(new Date(quota.nextRenewalDate!)),
              })}
            </Text>
            {plan.data?.ownerIsYou ? plansLink : <Text color="gray.600">{t('apiPlan.ownersPlan')}</Text>}
          </Stack>
        ) : (
          <Alert.Root status="info" data-testid="api-plan-needed">
            <Alert.Indicator />
            <Stack gap="2" flex="1">
              <Alert.Title>{t('apiPlan.neededTitle')}</Alert.Title>
              <Text fontSize="sm">{t('apiPlan.needed')}</Text>
              {plan.data?.ownerIsYou ? plansLink : <Text fontSize="sm">{t('apiPlan.askOwner')}</Text>}
            </Stack>
          </Alert.Root>
        )}
      </LoadState>
    </Section>
  );
}
