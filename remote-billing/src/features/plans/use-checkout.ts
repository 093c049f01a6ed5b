import { useAtomValue } from 'jotai';
import { useMutation } from '@kagami/shared/query';
import { billingApi, type PlanPrice, type ProductType } from '@kagami/shared/api';
import { paths } from '@kagami/shared/contract';
import { profileAtom } from '@kagami/shared/session';
import { leaveFor } from '../../components/leave-for';

/** The payment customer of the user: the profile's, else one made now (SPEC §7 customer-session). */
async function customerId(profile: { id: string; email: string; stripeCustomerId: string | null }) {
  if (profile.stripeCustomerId) return profile.stripeCustomerId;
  try {
    return (await billingApi.customerSession(profile.id, profile.email)).customerId;
  } catch (error) {
    // SPEC §8: logged, and there is no customer to check out with.
    console.warn('Failed to create the payment customer', error);
    throw error;
  }
}

/** Sends the user to the provider's checkout for one price; they come back to Subscription with `?checkout=success|cancel&product=app|api`. */
export function useCheckout() {
  const profile = useAtomValue(profileAtom);
  return useMutation({
    mutationFn: async ({ price, productType }: { price: PlanPrice; productType: ProductType }) => {
      if (!profile) throw new Error('No profile');
      const here = `${window.location.origin}${paths.subscription()}`;
      const session = await billingApi.checkoutSession({
        priceId: price.id,
        customerId: await customerId(profile),
        successUrl: `${here}?checkout=success&product=${productType}`,
        cancelUrl: `${here}?checkout=cancel&product=${productType}`,
        currency: price.currency,
      });
      leaveFor(session.url);
    },
  });
}
