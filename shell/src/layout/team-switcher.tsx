import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { teamApi, teamKeys, userApi } from '@kagami/shared/api';
import { browserStorage, profileAtom, useSessionActions } from '@kagami/shared/session';
import { Badge, Box, Button, HStack, Icon, notify, Portal, Text } from '@kagami/shared/ui';
import { Menu } from '@kagami/shared/ui-widgets';
import { errorText } from '@kagami/shared/i18n';
import { JoinTeamDialog } from './join-team-dialog';

const JOIN = '__join__';

/**
 * The current team, always visible, and the way to another: switching stores the team and refreshes
 * every team-scoped query. A code left by a join link opens the join dialog, prefilled.
 */
export function TeamSwitcher() {
  const { t } = useTranslation('shell');
  const profile = useAtomValue(profileAtom);
  const actions = useSessionActions();
  const queryClient = useQueryClient();
  const teams = useQuery({ queryKey: teamKeys.list(), queryFn: teamApi.list, staleTime: 0, refetchOnWindowFocus: true });
  const [storedCode] = useState(() => browserStorage.get('invitationCode') ?? '');
  const [joining, setJoining] = useState(false);
  useEffect(() => setJoining(Boolean(storedCode)), [storedCode]);

  const current = teams.data?.find((team) => team.id === profile?.currentTeam?.id) ?? profile?.currentTeam;

  const switchTo = async (teamId: string) => {
    if (teamId === current?.id) return;
    try {
      await userApi.setCurrentTeam(teamId);
      browserStorage.set('teamId', teamId);
      await actions.refreshProfile();
      await queryClient.invalidateQueries();
      notify({ status: 'success', title: t('team.switched', { team: teams.data?.find((team) => team.id === teamId)?.name }) });
    } catch (error) {
      notify({ status: 'error', title: errorText(t, error) });
    }
  };

  return (
    <>
      <Menu.Root onSelect={({ value }) => (value === JOIN ? setJoining(true) : void switchTo(value))}>
        <Menu.Trigger asChild>
          <Button color="white" size="sm" title={t('team.switch')} data-testid="team-switcher">
            <HStack gap="2">
              <Icon name="team" size="xs" />
              <Text fontWeight="semibold" data-testid="current-team-name">
                {current?.name ?? t('team.none')}
              </Text>
              {current ? <Badge colorPalette="brand">{t(`team.role.${current.role}`)}</Badge> : null}
            </HStack>
          </Button>
        </Menu.Trigger>
        <Portal>
          <Menu.Positioner>
            <Menu.Content minW="240px">
              <Menu.ItemGroup>
                <Menu.ItemGroupLabel>{t('team.yourTeams')}</Menu.ItemGroupLabel>
                {(teams.data ?? []).map((team) => (
                  <Menu.Item key={team.id} value={team.id}>
                    <Box flex="1">{team.name}</Box>
                    {team.id === current?.id ? <Icon name="check" size="xs" label={t('team.current')} /> : null}
                  </Menu.Item>
                ))}
              </Menu.ItemGroup>
              <Menu.Separator />
              <Menu.Item value={JOIN}>{t('team.join')}</Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <JoinTeamDialog open={joining} onClose={() => setJoining(false)} initialCode={storedCode} />
    </>
  );
}
