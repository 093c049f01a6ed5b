import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { planClass } from '@kagami/shared/api';
import { useSearchParams } from '@kagami/shared/router';
import { apiSubscriptionAtom, subscriptionAtom, useSessionActions } from '@kagami/shared/session';
import { Alert } from '@kagami/shared/ui';
import { useBillingTranslation } from '../../components/use-billing-translation';

const POLLS = 5;
const POLL_MS = 2000;

/**
 * The return from checkout: the outcome, once. A payment confirmed by the provider's webhook can land
 * a moment after the user is back, so a success keeps asking for the plan a few times until it shows.
 */
export function CheckoutReturn() {
  const { t } = useBillingTranslation();
  const [params, setParams] = useSearchParams();
  const [outcome] = useState(() => params.get('checkout'));
  const [product] = useState(() => params.get('product'));
  const appSubscription = useAtomValue(subscriptionAtom);
  const apiSubscription = useAtomValue(apiSubscriptionAtom);
  const subscription = product === 'api' ? apiSubscription : appSubscription;
  const actions = useSessionActions();
  const paid = planClass(subscription?.plan?.alias) !== 'free';

  useEffect(() => {
    if (outcome) setParams({}, { replace: true });
  }, [outcome, setParams]);

  useEffect(() => {
    if (outcome !== 'success' || paid) return;
    let polls = 0;
    const timer = setInterval(() => {
      polls += 1;
      void actions.refreshBilling();
      if (polls >= POLLS) clearInterval(timer);
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [outcome, paid, actions]);

  if (outcome !== 'success' && outcome !== 'cancel') return null;
  const success = outcome === 'success';
  return (
    <Alert.Root status={success ? 'success' : 'info'} role="status">
      <Alert.Indicator />
      <Alert.Title>
        {success
          ? paid
            ? t('checkout.success', { plan: t(`plans.${subscription!.plan!.alias}`, { defaultValue: subscription!.plan!.alias }) })
            : t('checkout.confirming')
          : t('checkout.cancelled')}
      </Alert.Title>
    </Alert.Root>
  );
}
