import { Badge, Spinner } from '@kagami/shared/ui';
import { useStudioTranslation } from '../../components/use-studio-translation';
import type { BatchRowStatus, BatchStatus } from '../../data/batches';

const BATCH_PALETTES: Record<BatchStatus, string> = {
  in_progress: 'yellow',
  completed: 'green',
  completed_with_errors: 'orange',
  cancelled: 'gray',
};
const ROW_PALETTES: Record<BatchRowStatus, string> = {
  queued: 'gray',
  in_progress: 'yellow',
  ready: 'green',
  failed: 'red',
  cancelled: 'gray',
};

/** A batch's status: in progress (with a spinner), completed, completed with errors, or cancelled. */
export function BatchStatusBadge({ status }: { status: BatchStatus }) {
  const { t } = useStudioTranslation();
  return (
    <Badge colorPalette={BATCH_PALETTES[status]} alignSelf="flex-start" data-testid="batch-status" data-status={status}>
      {status === 'in_progress' ? <Spinner size="xs" /> : null}
      {t(`batch.statuses.${status}`)}
    </Badge>
  );
}

/** A row's status: waiting, being made, ready, failed or cancelled. */
export function RowStatusBadge({ status }: { status: BatchRowStatus }) {
  const { t } = useStudioTranslation();
  return (
    <Badge colorPalette={ROW_PALETTES[status]} data-status={status}>
      {status === 'in_progress' ? <Spinner size="xs" /> : null}
      {t(`batch.rowStatuses.${status}`)}
    </Badge>
  );
}
