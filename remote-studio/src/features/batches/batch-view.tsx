import { useState } from 'react';
import { Link as RouterLink } from '@kagami/shared/router';
import { paths } from '@kagami/shared/contract';
import { DATE_AND_TIME, dateTimeFormat, errorText } from '@kagami/shared/i18n';
import { Alert, Box, Button, Grid, HStack, Icon, Link, notify, Progress, saveFile, Stack, Table, Text } from '@kagami/shared/ui';
import { Modal } from '@kagami/shared/ui-widgets';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { batchesApi, useBatchAction, type Batch } from '../../data/batches';
import { useTeamId } from '../../data/queries';
import { BatchStatusBadge, RowStatusBadge } from './batch-status';

const COUNTS = ['total', 'ready', 'failed', 'inProgress', 'queued', 'cancelled'] as const;

/** Cancels the batch after asking; a refusal stays in the dialog. */
function CancelBatch({ batch }: { batch: Batch }) {
  const { t } = useStudioTranslation();
  const cancel = useBatchAction(batch.id, 'cancel');
  const [open, setOpen] = useState(false);
  const confirm = async () => {
    try {
      await cancel.mutateAsync();
      setOpen(false);
      notify({ status: 'success', title: t('batch.cancelled') });
    } catch {
      // Said in the dialog.
    }
  };
  return (
    <>
      <Button
        size="sm"
        color="white"
        onClick={() => {
          cancel.reset();
          setOpen(true);
        }}
      >
        {t('batch.cancel')}
      </Button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title={t('batch.cancelTitle')}
        danger
        submitText={t('batch.cancel')}
        cancelText={t('batch.keep')}
        submitting={cancel.isPending}
        onSubmit={() => void confirm()}
      >
        <Text>{t('batch.cancelText')}</Text>
        {cancel.error ? (
          <Text role="alert" color="danger" mt="3">
            {errorText(t, cancel.error)}
          </Text>
        ) : null}
      </Modal>
    </>
  );
}

/**
 * A batch: its status, counts and progress, a line per row (its title, status, why it failed, its video once ready),
 * and what can be done: cancel it while it runs, retry its failed rows, download its results as CSV.
 */
export function BatchView({ batch }: { batch: Batch }) {
  const { t, i18n } = useStudioTranslation();
  const teamId = useTeamId();
  const retry = useBatchAction(batch.id, 'retry');
  const [downloading, setDownloading] = useState(false);
  const when = (at: string) => dateTimeFormat(i18n.resolvedLanguage, DATE_AND_TIME).format(new Date(at));
  const { counts } = batch;
  const done = counts.ready + counts.failed + counts.cancelled;
  const progressText = t('batch.progress', { done, total: counts.total });
  const running = batch.status === 'in_progress';

  const download = async () => {
    setDownloading(true);
    try {
      saveFile(await batchesApi.results(teamId, batch.id), `kagami-batch-${batch.id}.csv`);
    } catch (error) {
      notify({ status: 'error', title: errorText(t, error) });
    } finally {
      setDownloading(false);
    }
  };
  const retryFailed = () =>
    retry.mutate(undefined, {
      onSuccess: () => notify({ status: 'success', title: t('batch.retried') }),
      onError: (error) => notify({ status: 'error', title: errorText(t, error) }),
    });

  return (
    <Stack gap="5" data-testid="batch-view">
      <Stack gap="3" borderWidth="1px" borderRadius="lg" bg="white" p="5">
        <HStack justify="space-between" wrap="wrap" gap="3">
          <Text fontSize="sm" color="fg.muted">
            {t('batch.started', { when: when(batch.createdAt) })}
            {batch.endedAt ? ` · ${t('batch.ended', { when: when(batch.endedAt) })}` : ''}
          </Text>
          <BatchStatusBadge status={batch.status} />
        </HStack>
        <Grid
          templateColumns={{ base: 'repeat(3, minmax(0, 1fr))', md: 'repeat(6, minmax(0, 1fr))' }}
          gap="3"
          role="list"
          aria-label={t('batch.countsLabel')}
        >
          {COUNTS.map((count) => (
            <Stack key={count} gap="0" role="listitem" data-testid={`batch-count-${count}`}>
              <Text fontSize="xs" color="fg.muted">
                {t(`batch.counts.${count}`)}
              </Text>
              <Text fontSize="xl" fontWeight="semibold">
                {counts[count]}
              </Text>
            </Stack>
          ))}
        </Grid>
        <Stack gap="1">
          <Text fontSize="sm" data-testid="batch-progress">
            {progressText}
          </Text>
          <Progress.Root value={counts.total ? (100 * done) / counts.total : 0} colorPalette="teal" size="sm">
            <Progress.Track aria-label={t('batch.progressLabel')} aria-valuetext={progressText}>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
        {running ? (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t('batch.following')}</Alert.Title>
          </Alert.Root>
        ) : null}
        <HStack gap="2" wrap="wrap">
          {running ? <CancelBatch batch={batch} /> : null}
          {counts.failed > 0 ? (
            <Button size="sm" color="secondary" loading={retry.isPending} onClick={retryFailed}>
              {t('batch.retry')}
            </Button>
          ) : null}
          <Button size="sm" loading={downloading} onClick={() => void download()} icon={<Icon name="download" size={20} />}>
            {t('batch.download')}
          </Button>
        </HStack>
      </Stack>

      {batch.rows.length === 0 ? (
        <Text color="fg.muted">{t('batch.noRows')}</Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="white">
          <Table.Root size="sm" aria-label={t('batch.rows')} data-stacked>
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>{t('batch.rowTitle')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('batch.row')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('batch.status')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('batch.reason')}</Table.ColumnHeader>
                <Table.ColumnHeader>{t('batch.video')}</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {batch.rows.map((row) => (
                <Table.Row key={row.row} data-testid="batch-item" data-status={row.status}>
                  <Table.Cell wordBreak="break-word">{row.title}</Table.Cell>
                  <Table.Cell data-label={t('batch.row')}>{row.row}</Table.Cell>
                  <Table.Cell data-label={t('batch.status')}>
                    <RowStatusBadge status={row.status} />
                  </Table.Cell>
                  <Table.Cell data-label={t('batch.reason')} color="danger">
                    {row.reason ? errorText(t, { code: row.reason }) : ''}
                  </Table.Cell>
                  <Table.Cell data-label={t('batch.video')}>
                    {row.videoId && row.status === 'ready' ? (
                      <Link asChild color="brand.700" fontWeight="medium">
                        <RouterLink
                          to={`${paths.videosProcessing()}?video=${encodeURIComponent(row.videoId)}`}
                          aria-label={t('batch.openVideoOf', { title: row.title })}
                        >
                          {t('batch.openVideo')}
                        </RouterLink>
                      </Link>
                    ) : (
                      <Box as="span" color="fg.muted">
                        —
                      </Box>
                    )}
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
    </Stack>
  );
}
