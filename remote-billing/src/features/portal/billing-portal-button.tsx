import { useMutation } from '@kagami/shared/query';
import { billingApi } from '@kagami/shared/api';
import { paths } from '@kagami/shared/contract';
import { FormError } from '@kagami/shared/forms';
import { Button, Stack } from '@kagami/shared/ui';
import { leaveFor } from '../../components/leave-for';

/** Opens the payment provider's billing portal (invoices, change of plan, cancel); SPEC §8's message when it cannot. */
export function BillingPortalButton({ label, returnTo = paths.billing() }: { label: string; returnTo?: string }) {
  const open = useMutation({
    mutationFn: () => billingApi.portalSession(`${window.location.origin}${returnTo}`),
    onSuccess: ({ url }) => leaveFor(url),
  });
  return (
    <Stack gap="3" align="flex-start">
      <Button onClick={() => open.mutate()} loading={open.isPending || open.isSuccess}>
        {label}
      </Button>
      <FormError error={open.isError && { code: 'billing_portal_failed' }} />
    </Stack>
  );
}
