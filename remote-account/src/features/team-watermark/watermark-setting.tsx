import { useAtomValue } from 'jotai';
import { teamApi, teamKeys } from '@kagami/shared/api';
import { paths } from '@kagami/shared/contract';
import { errorText } from '@kagami/shared/i18n';
import { useMutation, useQuery, useQueryClient } from '@kagami/shared/query';
import { Link as RouterLink } from '@kagami/shared/router';
import { profileAtom } from '@kagami/shared/session';
import { Checkbox, Link, LoadState, notify, Section, Stack, Text } from '@kagami/shared/ui';
import { useAccountTranslation } from '../../components/use-account-translation';

/**
 * "Keep the Kagami watermark" (owners): off by default, so a plan with watermark removal renders without it. On Free
 * the plan keeps it: the box is shown checked and locked, with the way to the plans.
 */
export function WatermarkSection() {
  const team = useAtomValue(profileAtom)?.currentTeam;
  const { t } = useAccountTranslation();
  if (team?.role !== 'owner') return null;
  return (
    <Section title={t('watermark.title')}>
      <WatermarkSetting teamId={team.id} />
    </Section>
  );
}

function WatermarkSetting({ teamId }: { teamId: string }) {
  const { t } = useAccountTranslation();
  const queryClient = useQueryClient();
  const team = useQuery({ queryKey: teamKeys.detail(teamId), queryFn: () => teamApi.get(teamId) });
  const save = useMutation({
    mutationFn: (keep: boolean) => teamApi.setKeepWatermark(teamId, keep),
    onSuccess: (updated) => {
      queryClient.setQueryData(teamKeys.detail(teamId), updated);
      notify({ status: 'success', title: t(updated.keepWatermark ? 'watermark.keptNotice' : 'watermark.removedNotice') });
    },
    onError: (error) => notify({ status: 'error', title: errorText(t, error) }),
  });
  const removable = team.data?.watermarkRemoval ?? false;
  const keep = !removable || (team.data?.keepWatermark ?? false);
  return (
    <LoadState loading={team.isPending} error={team.error} onRetry={() => void team.refetch()}>
      <Stack gap="1" data-testid="watermark-setting">
        <Checkbox.Root
          checked={keep}
          disabled={!removable || save.isPending}
          onCheckedChange={(event) => save.mutate(event.checked === true)}
          colorPalette="brand"
        >
          <Checkbox.HiddenInput />
          <Checkbox.Control />
          <Checkbox.Label>{t('watermark.keep')}</Checkbox.Label>
        </Checkbox.Root>
        <Text fontSize="sm" color="gray.600">
          {removable ? t(keep ? 'watermark.kept' : 'watermark.removed') : t('watermark.locked')}
        </Text>
        {removable ? null : (
          <Link asChild color="brand.700" fontSize="sm" fontWeight="semibold">
            <RouterLink to={paths.subscription()}>{t('watermark.plans')}</RouterLink>
          </Link>
        )}
      </Stack>
    </LoadState>
  );
}
