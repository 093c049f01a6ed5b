import { useAtomValue } from 'jotai';
import { Link as RouterLink } from '@kagami/shared/router';
import { useTranslation } from '@kagami/shared/i18n';
import { paths } from '@kagami/shared/contract';
import { planClass } from '@kagami/shared/api';
import { quotaAtom } from '@kagami/shared/session';
import { Box, HStack, Link, Progress, Stack, Text } from '@kagami/shared/ui';

/** The video minutes left, in the menu, so a user sees them before creating; a link to the plans. */
export function QuotaSummary() {
  const { t, i18n } = useTranslation('shell');
  const quota = useAtomValue(quotaAtom);
  const video = quota?.videoMinutes;
  if (!video || !quota.nextRenewalDate) return null;
  const full = video.used >= video.total;
  const renewal = new Date(quota.nextRenewalDate).toLocaleDateString(i18n.language === 'ja' ? 'ja-JP' : 'en-US', {
    month: 'short',
    day: 'numeric',
  });
  return (
    <Box px="3" py="3" borderRadius="md" bg="mint" data-testid="quota-summary">
      <Stack gap="2" fontSize="sm">
        <HStack justify="space-between" gap="2">
          <Text fontWeight="medium">{t('quota.videoMinutes')}</Text>
          <Text color={full ? 'danger' : 'gray.700'}>{t('quota.used', { used: video.used, total: video.total })}</Text>
        </HStack>
        <Progress.Root
          size="xs"
          value={Math.min(video.used, video.total)}
          max={Math.max(video.total, 1)}
          colorPalette={full ? 'red' : 'brand'}
          aria-label={t('quota.videoMinutes')}
        >
          <Progress.Track>
            <Progress.Range />
          </Progress.Track>
        </Progress.Root>
        <HStack justify="space-between" gap="2" wrap="wrap">
          <Text color="gray.600" fontSize="xs">
            {t('quota.renews', { date: renewal })}
          </Text>
          <Link asChild color="brand.700" fontSize="xs" fontWeight="semibold">
            <RouterLink to={paths.subscription()}>{t(planClass(quota.plan) === 'free' ? 'quota.upgrade' : 'quota.plans')}</RouterLink>
          </Link>
        </HStack>
      </Stack>
    </Box>
  );
}
