import { useAtomValue } from 'jotai';
import { Link as RouterLink } from '@kagami/shared/router';
import { dateTimeFormat, useTranslation } from '@kagami/shared/i18n';
import { paths } from '@kagami/shared/contract';
import { planClass } from '@kagami/shared/api';
import { quotaAtom } from '@kagami/shared/session';
import { Box, HStack, Link, Stack, Text, UsageMeter } from '@kagami/shared/ui';

/** The video minutes left, in the menu, so a user sees them before creating; a link to the plans. */
export function QuotaSummary() {
  const { t, i18n } = useTranslation('shell');
  const quota = useAtomValue(quotaAtom);
  const video = quota?.videoMinutes;
  if (!video || !quota.nextRenewalDate) return null;
  const renewal = dateTimeFormat(i18n.language === 'ja' ? 'ja-JP' : 'en-US', { month: 'short', day: 'numeric' }).format(
    new Date(quota.nextRenewalDate),
  );
  return (
    <Box px="3" py="3" borderRadius="md" bg="mint" data-testid="quota-summary">
      <Stack gap="2" fontSize="sm">
        <UsageMeter
          compact
          label={t('quota.videoMinutes')}
          text={t('quota.used', { used: video.used, total: video.total })}
          used={video.used}
          total={video.total}
        />
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
