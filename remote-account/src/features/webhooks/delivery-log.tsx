import { useState } from 'react';
import { webhookApi, webhookKeys, type WebhookAttempt, type WebhookDelivery } from '@kagami/shared/api';
import { DATE_AND_TIME, dateTimeFormat, errorText } from '@kagami/shared/i18n';
import { useMutation, useQuery, useQueryClient } from '@kagami/shared/query';
import { Badge, Box, Button, HStack, LoadState, notify, Stack, Table, Text, VisuallyHidden } from '@kagami/shared/ui';
import { Pagination } from '@kagami/shared/ui-widgets';
import { useAccountTranslation } from '../../components/use-account-translation';

export const DELIVERY_PAGE_SIZE = 10;
/** While a delivery is being retried the log refreshes itself. */
const RETRYING_REFRESH_MS = 5000;

const STATUS_COLOR = { pending: 'orange', succeeded: 'green', failed: 'red', cancelled: 'gray' } as const;

/** Every delivery of the team's events, newest first, with each attempt's answer; owners can resend, or cancel a pending one. */
export function DeliveryLog({ teamId, canResend }: { teamId: string; canResend: boolean }) {
  const { t, i18n } = useAccountTranslation();
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const log = useQuery({
    queryKey: webhookKeys.deliveries(teamId, page),
    queryFn: () => webhookApi.deliveries(teamId, page, DELIVERY_PAGE_SIZE),
    enabled: Boolean(teamId),
    refetchInterval: (query) => (query.state.data?.items.some((d) => d.status === 'pending') ? RETRYING_REFRESH_MS : false),
  });
  const onDone = (message: string) => async () => {
    notify({ status: 'success', title: message });
    await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  };
  const onError = (error: unknown) => notify({ status: 'error', title: `${t('webhooks.failed')} ${errorText(t, error)}` });
  const resend = useMutation({
    mutationFn: (delivery: WebhookDelivery) => webhookApi.resend(teamId, delivery.id),
    onSuccess: onDone(t('deliveries.resent')),
    onError,
  });
  const cancel = useMutation({
    mutationFn: (delivery: WebhookDelivery) => webhookApi.cancel(teamId, delivery.id),
    onSuccess: onDone(t('deliveries.cancelDone')),
    onError,
  });
  const time = (iso: string) => dateTimeFormat(i18n.language, DATE_AND_TIME).format(new Date(iso));
  const result = (attempt: WebhookAttempt) =>
    [attempt.statusCode ?? t('deliveries.noAnswer'), attempt.error ? t(`common:errors.${attempt.error}`) : null]
      .filter(Boolean)
      .join(' — ');
  return (
    <Stack gap="3" pt="4">
      <HStack justify="space-between">
        <Text fontWeight="semibold" fontSize="lg">
          {t('deliveries.title')}
        </Text>
        <Button size="sm" color="white" onClick={() => void log.refetch()} loading={log.isFetching}>
          {t('deliveries.refresh')}
        </Button>
      </HStack>
      <LoadState loading={log.isPending} error={log.error} onRetry={() => void log.refetch()}>
        {log.data?.items.length ? (
          <Stack gap="3">
            <Box overflowX="auto">
              <Table.Root size="sm" aria-label={t('deliveries.title')} data-testid="delivery-log" data-stacked>
                <Table.Header>
                  <Table.Row>
                    <Table.ColumnHeader>{t('deliveries.when')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('deliveries.event')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('deliveries.endpoint')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('deliveries.status')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('deliveries.attempts')}</Table.ColumnHeader>
                    <Table.ColumnHeader>{t('deliveries.lastCode')}</Table.ColumnHeader>
                    <Table.ColumnHeader>
                      <VisuallyHidden>{t('common:table.actions')}</VisuallyHidden>
                    </Table.ColumnHeader>
                  </Table.Row>
                </Table.Header>
                <Table.Body>
                  {log.data.items.map((delivery) => (
                    <DeliveryRows
                      key={delivery.id}
                      delivery={delivery}
                      expanded={open === delivery.id}
                      onToggle={() => setOpen(open === delivery.id ? null : delivery.id)}
                      time={time}
                      result={result}
                      onResend={canResend ? () => resend.mutate(delivery) : undefined}
                      resending={resend.isPending && resend.variables?.id === delivery.id}
                      onCancel={canResend ? () => cancel.mutate(delivery) : undefined}
                      cancelling={cancel.isPending && cancel.variables?.id === delivery.id}
                    />
                  ))}
                </Table.Body>
              </Table.Root>
            </Box>
            <Pagination
              page={page}
              total={log.data.total}
              pageSize={DELIVERY_PAGE_SIZE}
              onChange={setPage}
              label={t('deliveries.pagination')}
            />
          </Stack>
        ) : (
          <Text color="gray.600">{t('deliveries.empty')}</Text>
        )}
      </LoadState>
    </Stack>
  );
}

function DeliveryRows({
  delivery,
  expanded,
  onToggle,
  time,
  result,
  onResend,
  resending,
  onCancel,
  cancelling,
}: {
  delivery: WebhookDelivery;
  expanded: boolean;
  onToggle: () => void;
  time: (iso: string) => string;
  result: (attempt: WebhookAttempt) => string;
  onResend?: () => void;
  resending: boolean;
  onCancel?: () => void;
  cancelling: boolean;
}) {
  const { t } = useAccountTranslation();
  return (
    <>
      <Table.Row>
        <Table.Cell whiteSpace="nowrap">{time(delivery.createdAt)}</Table.Cell>
        <Table.Cell data-label={t('deliveries.event')}>
          {t(`webhooks.event.${delivery.event}`, { defaultValue: delivery.event })}
        </Table.Cell>
        <Table.Cell fontFamily="mono" fontSize="xs" maxW={{ md: '64' }} wordBreak="break-all" data-label={t('deliveries.endpoint')}>
          {delivery.url}
        </Table.Cell>
        <Table.Cell data-label={t('deliveries.status')}>
          <Stack gap="0">
            <Badge colorPalette={STATUS_COLOR[delivery.status]} alignSelf="flex-start">
              {t(`deliveries.${delivery.status}`)}
            </Badge>
            {delivery.nextAttemptAt ? (
              <Text fontSize="xs" color="gray.600">
                {t('deliveries.nextAttempt', { time: time(delivery.nextAttemptAt) })}
              </Text>
            ) : null}
          </Stack>
        </Table.Cell>
        <Table.Cell data-label={t('deliveries.attempts')}>{delivery.attempts}</Table.Cell>
        <Table.Cell data-label={t('deliveries.lastCode')}>
          {delivery.lastStatusCode ?? (delivery.attempts ? t('deliveries.noAnswer') : '')}
        </Table.Cell>
        <Table.Cell>
          <HStack gap="2" justify="flex-end" wrap="wrap">
            {delivery.attemptLog.length ? (
              <Button size="sm" color="white" onClick={onToggle} aria-expanded={expanded}>
                {t('deliveries.showAttempts')}
              </Button>
            ) : null}
            {delivery.endpointRemoved ? (
              <Text fontSize="xs" color="gray.600">
                {t('deliveries.endpointRemoved')}
              </Text>
            ) : onResend && delivery.status !== 'pending' ? (
              <Button size="sm" color="white" onClick={onResend} loading={resending}>
                {t('deliveries.resend')}
              </Button>
            ) : null}
            {onCancel && delivery.status === 'pending' ? (
              <Button size="sm" color="white" onClick={onCancel} loading={cancelling}>
                {t('deliveries.cancel')}
              </Button>
            ) : null}
          </HStack>
        </Table.Cell>
      </Table.Row>
      {expanded ? (
        <Table.Row>
          <Table.Cell colSpan={7} bg="gray.50">
            <Stack gap="1" as="ol" data-testid={`attempts-${delivery.id}`}>
              {delivery.attemptLog.map((attempt, i) => (
                <Text as="li" key={attempt.at + i} fontSize="sm" listStyleType="none">
                  {t('deliveries.attempt', { n: i + 1, time: time(attempt.at), result: result(attempt), ms: attempt.durationMs })}
                </Text>
              ))}
            </Stack>
          </Table.Cell>
        </Table.Row>
      ) : null}
    </>
  );
}
