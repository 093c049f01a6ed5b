import type { ReactNode } from 'react';
import { EmptyState, LoadState, Stack } from '@kagami/shared/ui';
import { Pagination } from '@kagami/shared/ui-widgets';
import { usePagedList, type ItemOf } from '../data/queries';
import { PAGE_SIZE } from '../data/studio-api';
import type { ItemKind } from '../data/types';
import { useStudioTranslation } from './use-studio-translation';

type Props<K extends ItemKind> = {
  kind: K;
  empty: { title: string; text: string; action?: ReactNode };
  children: (items: ItemOf[K][]) => ReactNode;
};

/** A team's avatars, voices or videos a page at a time: loading, error with retry, empty state, pagination. */
export function PagedList<K extends ItemKind>({ kind, empty, children }: Props<K>) {
  const { t } = useStudioTranslation();
  const { page, setPage, list } = usePagedList(kind);
  const data = list.data;
  return (
    <LoadState loading={list.isPending} error={list.isError ? list.error : null} onRetry={() => void list.refetch()}>
      {data && data.total === 0 ? (
        <EmptyState.Root borderWidth="1px" borderRadius="lg" bg="white">
          <EmptyState.Content>
            <EmptyState.Title as="h2">{empty.title}</EmptyState.Title>
            <EmptyState.Description>{empty.text}</EmptyState.Description>
            {empty.action}
          </EmptyState.Content>
        </EmptyState.Root>
      ) : data ? (
        <Stack gap="4">
          {children(data.items)}
          <Pagination page={page} total={data.total} pageSize={PAGE_SIZE} onChange={setPage} label={t('pagination')} />
        </Stack>
      ) : null}
    </LoadState>
  );
}
