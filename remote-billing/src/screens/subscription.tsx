import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { planClass } from '@kagami/shared/api';
import { paths } from '@kagami/shared/contract';
import { apiSubscriptionAtom, subscriptionAtom, useSessionActions } from '@kagami/shared/session';
import { Heading, Section, Stack, Text } from '@kagami/shared/ui';
import { CurrentPlan } from '../components/current-plan';
import { useBillingTranslation } from '../components/use-billing-translation';
import { CheckoutReturn } from '../features/plans/checkout-return';
import { PlansSection } from '../features/plans/plans-section';
import { QuotaMeters } from '../features/quota/quota-meters';
import { BillingPortalButton } from '../features/portal/billing-portal-button';
import { ContactSalesFormPanel } from '../features/contact-sales/contact-sales-form';

/** SPEC §2 Subscription: the plan and its quota, plan selection through checkout, and a contact sales form for Business. */
export default function SubscriptionScreen() {
  const { t } = useBillingTranslation();
  const subscription = useAtomValue(subscriptionAtom);
  const apiSubscription = useAtomValue(apiSubscriptionAtom);
  const actions = useSessionActions();
  // Fresh figures when the screen opens, unless the session has just loaded them.
  useEffect(() => {
    void actions.refreshBilling({ unlessFresh: true });
  }, [actions]);
  const portal = <BillingPortalButton label={t('current.manage')} returnTo={paths.subscription()} />;
  return (
    <Stack gap="6" maxW="6xl">
      <Heading as="h1" size="2xl">
        {t('subscription.title')}
      </Heading>
      <CheckoutReturn />
      <CurrentPlan subscription={subscription} title={t('current.title')}>
        {planClass(subscription?.plan?.alias) !== 'free' ? portal : null}
      </CurrentPlan>
      <CurrentPlan subscription={apiSubscription} product="api" title={t('current.apiTitle')} />
      <QuotaMeters />
      <PlansSection portal={portal} />
      <Section title={t('contact.sectionTitle')}>
        <Text color="gray.700">{t('contact.intro')}</Text>
        <ContactSalesFormPanel />
      </Section>
    </Stack>
  );
}
