import { useMutation } from '@kagami/shared/query';
import { billingApi } from '@kagami/shared/api';
import { paths } from '@kagami/shared/contract';
import { Alert, Button, Stack } from '@kagami/shared/ui';
import { leaveFor } from '../../components/leave-for';
import { useBillingTranslation } from '../../components/use-billing-translation';

/** Opens the payment provider's billing portal (invoices, change of plan, cancel); SPEC §8's message when it cannot. */
export function BillingPortalButton({ label, returnTo = paths.billing() }: { label: string; returnTo?: string }) {
  const { t } = useBillingTranslation();
  const open = useMutation({
    mutationFn: () => billingApi.portalSession(`${window.location.origin}${returnTo}`),
    onSuccess: ({ url }) => leaveFor(url),
  });
  return (
    <Stack gap="3" align="flex-start">
      <Button onClick={() => open.mutate()} loading={open.isPending || open.isSuccess}>
        {label}
      </Button>
      {open.isError ? (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{t('common:errors.billing_portal_failed')}</Alert.Title>
        </Alert.Root>
      ) : null}
    </Stack>
  );
}
