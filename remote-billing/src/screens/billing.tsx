import { useAtomValue } from 'jotai';
import { planClass } from '@kagami/shared/api';
import { Link as RouterLink } from '@kagami/shared/router';
import { paths } from '@kagami/shared/contract';
import { apiSubscriptionAtom, subscriptionAtom } from '@kagami/shared/session';
import { Heading, Link, Stack, Text } from '@kagami/shared/ui';
import { CurrentPlan } from '../components/current-plan';
import { useBillingTranslation } from '../components/use-billing-translation';
import { BillingPortalButton } from '../features/portal/billing-portal-button';

/** Billing (SPEC §2 menu): the plan, and the provider's portal for invoices, payment method, changes and cancelling. */
export default function BillingScreen() {
  const { t } = useBillingTranslation();
  const subscription = useAtomValue(subscriptionAtom);
  const apiSubscription = useAtomValue(apiSubscriptionAtom);
  const free = planClass(subscription?.plan?.alias) === 'free';
  return (
    <Stack gap="6" maxW="3xl">
      <Heading as="h1" size="2xl">
        {t('billingPage.title')}
      </Heading>
      <CurrentPlan subscription={subscription} title={t('current.title')}>
        <Text color="gray.700">{t(free ? 'billingPage.introFree' : 'billingPage.intro')}</Text>
        <BillingPortalButton label={t('billingPage.open')} />
        {free ? (
          <Link asChild color="brand.700">
            <RouterLink to={paths.subscription()}>{t('billingPage.seePlans')}</RouterLink>
          </Link>
        ) : null}
      </CurrentPlan>
      <CurrentPlan subscription={apiSubscription} product="api" title={t('current.apiTitle')} />
    </Stack>
  );
}
