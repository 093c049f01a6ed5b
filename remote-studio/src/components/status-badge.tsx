import { errorText } from '@kagami/shared/i18n';
import { Badge, Spinner, Stack, Text } from '@kagami/shared/ui';
import type { ItemStatus } from '../data/types';
import { useStudioTranslation } from './use-studio-translation';

/** In progress (with a spinner), failed with its reason, or ready (SPEC §4). */
export function StatusBadge({ status, reason }: { status: ItemStatus; reason?: string | null }) {
  const { t } = useStudioTranslation();
  const palette = { in_progress: 'yellow', failed: 'red', ready: 'green' }[status];
  return (
    <Stack gap="1" data-testid="item-status" data-status={status}>
      <Badge colorPalette={palette} alignSelf="flex-start">
        {status === 'in_progress' ? <Spinner size="xs" /> : null}
        {t(`status.${status}`)}
      </Badge>
      {status === 'failed' ? (
        <Text fontSize="sm" color="danger">
          {errorText(t, { code: reason ?? 'processing_failed' })}
        </Text>
      ) : null}
    </Stack>
  );
}
