import { Link as RouterLink } from '@kagami/shared/router';
import { paths } from '@kagami/shared/contract';
import { DATE_AND_TIME, dateTimeFormat, errorText } from '@kagami/shared/i18n';
import { Box, Button, Heading, HStack, Link, Spinner, Stack, Text } from '@kagami/shared/ui';
import { useStudioTranslation } from '../../components/use-studio-translation';
import { useBatches } from '../../data/batches';
import { BatchStatusBadge } from './batch-status';

/** How many batches the Templates screen lists. */
const RECENT = 10;

/** The team's latest batches: each one's status and counts, opening its page. */
export function BatchList() {
  const { t, i18n } = useStudioTranslation();
  const batches = useBatches();
  const when = (at: string) => dateTimeFormat(i18n.resolvedLanguage, DATE_AND_TIME).format(new Date(at));
  return (
    <Stack gap="3" as="section" aria-labelledby="recent-batches">
      <Heading as="h2" size="md" id="recent-batches">
        {t('batches.title')}
      </Heading>
      {batches.isPending ? (
        <Spinner size="sm" aria-label={t('batches.loading')} />
      ) : batches.isError ? (
        <HStack gap="3" wrap="wrap" role="alert">
          <Text color="danger">{errorText(t, batches.error)}</Text>
          <Button size="sm" color="white" onClick={() => void batches.refetch()}>
            {t('common:buttons.retry')}
          </Button>
        </HStack>
      ) : batches.data.length === 0 ? (
        <Text color="fg.muted">{t('batches.empty')}</Text>
      ) : (
        <Stack gap="2" role="list" aria-label={t('batches.title')}>
          {batches.data.slice(0, RECENT).map((batch) => (
            <HStack
              key={batch.id}
              role="listitem"
              gap="3"
              wrap="wrap"
              borderWidth="1px"
              borderRadius="md"
              bg="white"
              p="3"
              justify="space-between"
              data-testid="batch-row"
            >
              <Box minW="0" flex="1">
                <Link asChild fontWeight="medium" color="brand.700" wordBreak="break-word">
                  <RouterLink to={paths.batch(batch.id)}>{batch.name}</RouterLink>
                </Link>
                <Text fontSize="sm" color="fg.muted">
                  {t('batches.summary', { ready: batch.counts.ready, total: batch.counts.total, failed: batch.counts.failed })} ·{' '}
                  {t('batch.started', { when: when(batch.createdAt) })}
                </Text>
              </Box>
              <BatchStatusBadge status={batch.status} />
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
