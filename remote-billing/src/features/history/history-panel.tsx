import { useState } from 'react';
import { useMutation, useQuery, keepPreviousData } from '@kagami/shared/query';
import { billingApi, billingKeys, type HistoryRange, type ProductType } from '@kagami/shared/api';
import { FormError } from '@kagami/shared/forms';
import { Box, Button, EmptyState, HStack, Icon, LoadState, saveFile, Stack } from '@kagami/shared/ui';
import { Pagination } from '@kagami/shared/ui-widgets';
import { useBillingTranslation } from '../../components/use-billing-translation';
import { HistoryFilter } from './history-filter';
import { HistoryTable } from './history-table';

/** History page size (SPEC §9 leaves it unshown). */
export const HISTORY_PAGE_SIZE = 20;

/** One History tab (App or API) of a team: the period, its rows a page at a time, and the period as CSV. */
export function HistoryPanel({ teamId, type }: { teamId: string; type: ProductType }) {
  const { t } = useBillingTranslation();
  const [period, setPeriod] = useState({ from: '', to: '' });
  const [page, setPage] = useState(1);
  const range: HistoryRange = { type, ...period };
  const history = useQuery({
    queryKey: billingKeys.history(teamId, range, page),
    queryFn: ({ signal }) => billingApi.history(teamId, range, page, HISTORY_PAGE_SIZE, signal),
    placeholderData: keepPreviousData,
  });
  const csv = useMutation({
    mutationFn: () => billingApi.historyCsv(teamId, range),
    onSuccess: (blob) =>
      saveFile(blob, `kagami-${type}-history${period.from ? `-${period.from}` : ''}${period.to ? `-${period.to}` : ''}.csv`),
  });
  const label = t(`history.tabs.${type}`);
  const data = history.data;
  return (
    <Stack gap="4">
      <HStack justify="space-between" align="flex-end" wrap="wrap" gap="4">
        <HistoryFilter
          value={period}
          onApply={(next) => {
            setPeriod(next);
            setPage(1);
          }}
        />
        <Button
          color="white"
          onClick={() => csv.mutate()}
          loading={csv.isPending}
          disabled={!data?.total}
          icon={<Icon name="download" size={20} />}
        >
          {t('history.csv')}
        </Button>
      </HStack>
      <FormError error={csv.isError && { code: 'history_load_failed' }} />
      <LoadState
        loading={history.isPending}
        error={history.isError ? { code: 'history_load_failed' } : null}
        onRetry={() => void history.refetch()}
      >
        {data && data.total === 0 ? (
          <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="white">
            <EmptyState.Content>
              <EmptyState.Title as="h2">{t('history.emptyTitle')}</EmptyState.Title>
              <EmptyState.Description>
                {t(period.from || period.to ? 'history.emptyPeriod' : `history.empty.${type}`)}
              </EmptyState.Description>
            </EmptyState.Content>
          </EmptyState.Root>
        ) : data ? (
          <Stack gap="4" opacity={history.isPlaceholderData ? 0.6 : 1}>
            <HistoryTable rows={data.items} label={label} />
            <Box>
              <Pagination page={page} total={data.total} pageSize={HISTORY_PAGE_SIZE} onChange={setPage} label={t('history.pagination')} />
            </Box>
          </Stack>
        ) : null}
      </LoadState>
    </Stack>
  );
}
