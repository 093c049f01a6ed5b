import { lazy, Suspense, useState } from 'react';
import { useAtomValue } from 'jotai';
import { useQuery, useQueryClient } from '@kagami/shared/query';
import { teamApi, teamKeys, userApi, type Team } from '@kagami/shared/api';
import { browserStorage, profileAtom, useSessionActions } from '@kagami/shared/session';
import { Box, Icon, notify, Portal } from '@kagami/shared/ui';
import { Menu } from '@kagami/shared/ui-widgets';
import { errorText, useTranslation } from '@kagami/shared/i18n';
import { TeamButton } from './header-buttons';

// The dialogs (and the forms library they use) load when one is opened, not with every signed-in screen.
const CreateTeamDialog = lazy(() => import('./create-team-dialog').then((module) => ({ default: module.CreateTeamDialog })));
const JoinTeamDialog = lazy(() => import('./join-team-dialog').then((module) => ({ default: module.JoinTeamDialog })));

const JOIN = '__join__';
const CREATE = '__create__';

/**
 * The current team, always visible, and the way to another: switching stores the team and refreshes
 * every team-scoped query. A new team can be created (and is switched to) or joined; a code left by a
 * join link opens the join dialog, prefilled.
 */
export function TeamSwitcher({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { t } = useTranslation('shell');
  const profile = useAtomValue(profileAtom);
  const actions = useSessionActions();
  const queryClient = useQueryClient();
  const teams = useQuery({ queryKey: teamKeys.list(), queryFn: teamApi.list, staleTime: 0, refetchOnWindowFocus: true });
  /** A code left by a join link: it opens the join dialog, prefilled, once. */
  const [storedCode, setStoredCode] = useState(() => browserStorage.get('invitationCode') ?? '');
  const [joining, setJoining] = useState(() => Boolean(storedCode));
  const [creating, setCreating] = useState(false);

  const current = teams.data?.find((team) => team.id === profile?.currentTeam?.id) ?? profile?.currentTeam;

  const makeCurrent = async (teamId: string) => {
    await userApi.setCurrentTeam(teamId);
    browserStorage.set('teamId', teamId);
    await actions.refreshProfile();
    await queryClient.invalidateQueries();
  };

  const switchTo = async (teamId: string) => {
    if (teamId === current?.id) return;
    try {
      await makeCurrent(teamId);
      notify({ status: 'success', title: t('team.switched', { team: teams.data?.find((team) => team.id === teamId)?.name }) });
    } catch (error) {
      notify({ status: 'error', title: errorText(t, error) });
    }
  };

  const created = async (team: Team) => {
    await makeCurrent(team.id);
    notify({ status: 'success', title: t('team.created', { team: team.name }) });
  };

  const choose = (value: string) => {
    if (value === JOIN) setJoining(true);
    else if (value === CREATE) setCreating(true);
    else void switchTo(value);
  };

  return (
    <>
      <Menu.Root defaultOpen={defaultOpen} onSelect={({ value }) => choose(value)}>
        <Menu.Trigger asChild>
          <TeamButton team={current} data-testid="team-switcher" />
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
              <Menu.Item value={CREATE}>{t('team.create')}</Menu.Item>
              <Menu.Item value={JOIN}>{t('team.join')}</Menu.Item>
            </Menu.Content>
          </Menu.Positioner>
        </Portal>
      </Menu.Root>
      <Suspense fallback={null}>
        {creating ? <CreateTeamDialog open onClose={() => setCreating(false)} onCreated={created} /> : null}
        {joining ? (
          <JoinTeamDialog
            open
            onClose={() => {
              setJoining(false);
              setStoredCode('');
            }}
            initialCode={storedCode}
          />
        ) : null}
      </Suspense>
    </>
  );
}
