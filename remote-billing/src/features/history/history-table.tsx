import { useAtomValue } from 'jotai';
import type { HistoryRow } from '@kagami/shared/api';
import { paths } from '@kagami/shared/contract';
import { Link as RouterLink } from '@kagami/shared/router';
import { profileAtom } from '@kagami/shared/session';
import { Link, Stack, Table, Text } from '@kagami/shared/ui';
import { useBillingTranslation } from '../../components/use-billing-translation';
import { dateTimeFormat, numberFormat } from '@kagami/shared/i18n';

/** SPEC §3 History rows: when, what kind, its name (and its batch), how many minutes and who made it. */
export function HistoryTable({ rows, label }: { rows: HistoryRow[]; label: string }) {
  const { t, i18n } = useBillingTranslation();
  const locale = i18n.language === 'ja' ? 'ja-JP' : 'en-US';
  const teamName = useAtomValue(profileAtom)?.currentTeam?.name ?? '';
  return (
    <Table.ScrollArea borderWidth="1px" borderRadius="lg" bg="white">
      <Table.Root aria-label={label} size="sm" data-stacked>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>{t('history.created')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('history.type')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('history.name')}</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">{t('history.duration')}</Table.ColumnHeader>
            <Table.ColumnHeader>{t('history.creator')}</Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {rows.map((row, index) => (
            <Table.Row key={`${row.createdAt}-${index}`}>
              <Table.Cell whiteSpace="nowrap">
                {dateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(row.createdAt))}
              </Table.Cell>
              <Table.Cell data-label={t('history.type')}>{t(`history.types.${row.type}`)}</Table.Cell>
              <Table.Cell data-label={t('history.name')}>
                {row.batch ? (
                  <Stack gap="0">
                    <Text>{row.name}</Text>
                    <Link asChild fontSize="sm" color="brand.700">
                      <RouterLink to={paths.batch(row.batch.id)}>{t('history.batch', { name: row.batch.name })}</RouterLink>
                    </Link>
                  </Stack>
                ) : (
                  row.name
                )}
              </Table.Cell>
              <Table.Cell textAlign="end" data-label={t('history.duration')}>
                {t('history.minutes', { minutes: numberFormat(locale).format(row.durationMinutes) })}
              </Table.Cell>
              <Table.Cell data-label={t('history.creator')}>
                {row.creator ?? (row.createdVia === 'api' ? t('history.byApi', { team: teamName }) : t('history.deletedUser'))}
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
