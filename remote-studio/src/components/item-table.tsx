import type { ReactNode } from 'react';
import { Table, VisuallyHidden } from '@kagami/shared/ui';
import { useStudioTranslation } from './use-studio-translation';

/**
 * The voices and videos tables: a header of column names (the last, for actions, named for screen readers), then rows. Stacked on a
 * phone: every cell after the first names its column in `data-label`.
 */
export function ItemTable({ label, columns, children }: { label: string; columns: string[]; children: ReactNode }) {
  const { t } = useStudioTranslation();
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="white">
      <Table.Root aria-label={label} data-stacked>
        <Table.Header>
          <Table.Row>
            {columns.map((column) => (
              <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
            ))}
            <Table.ColumnHeader>
              <VisuallyHidden>{t('common:table.actions')}</VisuallyHidden>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>{children}</Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
