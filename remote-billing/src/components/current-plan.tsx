import type { ReactNode } from 'react';
import { planClass, type ProductType, type Subscription } from '@kagami/shared/api';
import { Badge, HStack, Section, Stack, Text } from '@kagami/shared/ui';
import { formatDate } from './format-date';
import { useBillingTranslation } from './use-billing-translation';

/**
 * A plan the user is on (SPEC §3 Subscription): name, cycle, and when it renews or ends. The app plan is Free
 * without a subscription; the API plan is none, and then API calls are refused.
 */
export function CurrentPlan({
  subscription,
  product = 'app',
  title,
  children,
}: {
  subscription: Subscription | null;
  product?: ProductType;
  title: string;
  children?: ReactNode;
}) {
  const { t, i18n } = useBillingTranslation();
  const plan = subscription?.plan;
  const alias = plan?.alias ?? (product === 'app' ? 'free' : null);
  const end = subscription?.currentPeriodEnd;
  return (
    <Section title={title}>
      <Stack gap="2" data-testid={product === 'app' ? 'current-plan' : 'current-api-plan'}>
        <HStack gap="3" wrap="wrap">
          <Text fontSize="xl" fontWeight="semibold">
            {alias ? t(`plans.${alias}`, { defaultValue: alias }) : t('current.noApiPlan')}
          </Text>
          {plan?.interval ? <Badge colorPalette="brand">{t(`cycle.${plan.interval}`)}</Badge> : null}
          {plan?.currency ? <Badge>{plan.currency.toUpperCase()}</Badge> : null}
          {subscription?.status && subscription.status !== 'active' ? (
            <Badge colorPalette="orange">{t(`status.${subscription.status}`, { defaultValue: subscription.status })}</Badge>
          ) : null}
        </HStack>
        {alias && planClass(alias) !== 'free' && end ? (
          <Text color={subscription?.cancelAtPeriodEnd ? 'orange.700' : 'gray.700'}>
            {t(subscription?.cancelAtPeriodEnd ? 'current.endsOn' : 'current.renewsOn', { date: formatDate(end, i18n.language) })}
          </Text>
        ) : (
          <Text color="gray.700">{t(alias ? 'current.free' : 'current.apiNeeded')}</Text>
        )}
        {children}
      </Stack>
    </Section>
  );
}
