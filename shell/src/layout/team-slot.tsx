import { useAtomValue } from 'jotai';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { teamApi, teamKeys } from '@kagami/shared/api';
import { profileAtom } from '@kagami/shared/session';
import { Badge, HStack, Icon, Text } from '@kagami/shared/ui';

/** The current team's name, always visible; the team list is kept fresh whenever the window regains focus. */
export function TeamSlot() {
  const { t } = useTranslation('shell');
  const profile = useAtomValue(profileAtom);
  const teams = useQuery({ queryKey: teamKeys.list(), queryFn: teamApi.list, staleTime: 0, refetchOnWindowFocus: true });
  const current = teams.data?.find((team) => team.id === profile?.currentTeam?.id) ?? profile?.currentTeam;
  return (
    <HStack gap="2">
      <Icon name="team" size="xs" />
      <Text fontWeight="semibold" data-testid="current-team-name">
        {current?.name ?? t('team.none')}
      </Text>
      {current ? <Badge colorPalette="brand">{t(`team.role.${current.role}`)}</Badge> : null}
    </HStack>
  );
}
