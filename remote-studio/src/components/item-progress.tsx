import type { ReactNode } from 'react';
import { Alert, HStack, LoadState, Progress, Stack, Text } from '@kagami/shared/ui';
import { useStudioItem, type ItemOf } from '../data/queries';
import type { ItemKind } from '../data/types';
import { StatusBadge } from './status-badge';

type Props<K extends ItemKind> = {
  kind: K;
  id: string;
  /** What is happening while it is in progress. */
  note: string;
  testId: string;
  /** How far it is, while in progress, when the item says so (nothing: a bar that only moves). */
  progress?: (item: ItemOf[K]) => ReactNode;
  /** What the item offers, whatever its status (its preview, player, download or retry). */
  children: (item: ItemOf[K]) => ReactNode;
};

/** A new avatar, voice or video followed until it is ready or failed: name, status, progress while running. */
export function ItemProgress<K extends ItemKind>({ kind, id, note, testId, progress, children }: Props<K>) {
  const item = useStudioItem(kind, id);
  const data = item.data;
  return (
    <LoadState loading={item.isPending} error={item.isError ? item.error : null} onRetry={() => void item.refetch()}>
      {data ? (
        <Stack gap="4" data-testid={testId}>
          <HStack justify="space-between" wrap="wrap">
            <Text fontWeight="semibold" fontSize="lg">
              {data.name}
            </Text>
            <StatusBadge status={data.status} reason={data.reason} />
          </HStack>
          {data.status === 'in_progress' ? (
            <Stack gap="2">
              {progress?.(data) ?? (
                <Progress.Root value={null} colorPalette="teal" aria-label={note}>
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              )}
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Title>{note}</Alert.Title>
              </Alert.Root>
            </Stack>
          ) : null}
          {children(data)}
        </Stack>
      ) : null}
    </LoadState>
  );
}
