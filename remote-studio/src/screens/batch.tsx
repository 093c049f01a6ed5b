import { useParams } from '@kagami/shared/router';
import { isApiError } from '@kagami/shared/api';
import { paths } from '@kagami/shared/contract';
import { EmptyState, LoadState, Stack } from '@kagami/shared/ui';
import { LinkButton } from '../components/link-button';
import { PageHeader } from '../components/page-header';
import { useStudioTranslation } from '../components/use-studio-translation';
import { useBatch } from '../data/batches';
import { BatchView } from '../features/batches/batch-view';

/** Batch: the batch of `:batchId`, followed while it runs. */
export default function Batch() {
  const { t } = useStudioTranslation();
  const { batchId = '' } = useParams();
  const batch = useBatch(batchId);
  const missing = isApiError(batch.error) && batch.error.status === 404;
  return (
    <Stack gap="6" maxW="5xl">
      <PageHeader
        title={batch.data ? batch.data.name : t('batch.title')}
        action={
          <LinkButton color="white" to={paths.templates()}>
            {t('batch.toTemplates')}
          </LinkButton>
        }
      />
      {missing ? (
        <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="white">
          <EmptyState.Content>
            <EmptyState.Title as="h2">{t('batch.notFound')}</EmptyState.Title>
            <LinkButton to={paths.templates()}>{t('batch.toTemplates')}</LinkButton>
          </EmptyState.Content>
        </EmptyState.Root>
      ) : (
        // A failed refresh of a batch already shown keeps it on the screen.
        <LoadState loading={batch.isPending} error={batch.data ? null : batch.error} onRetry={() => void batch.refetch()}>
          {batch.data ? <BatchView batch={batch.data} /> : null}
        </LoadState>
      )}
    </Stack>
  );
}
