import { useAtomValue } from 'jotai';
import { profileAtom } from '@kagami/shared/session';
import { Alert, LoadState, Section, Separator, Stack, Text } from '@kagami/shared/ui';
import { useAccountTranslation } from '../../components/use-account-translation';
import { InviteForm } from './invite-form';
import { LeaveTeamButton } from './leave-team-button';
import { MemberList } from './member-list';
import { PendingInvitations } from './pending-invitations';
import { TeamNameForm } from './team-name-form';
import { useTeamMembers } from './use-team-members';

/** Owners rename, invite, revoke and remove; members see who is in the team. */
export function TeamMembersSection() {
  const { t } = useAccountTranslation();
  const profile = useAtomValue(profileAtom);
  const team = profile?.currentTeam;
  const members = useTeamMembers(team?.id ?? '');
  if (!team || !profile) {
    return (
      <Section title={t('team.title')}>
        <Text color="gray.600">{t('team.noTeam')}</Text>
      </Section>
    );
  }
  const isOwner = team.role === 'owner';
  return (
    <Section title={t('team.title')}>
      {isOwner ? <TeamNameForm key={team.id} teamId={team.id} name={team.name} /> : <Text fontWeight="semibold">{team.name}</Text>}
      <LoadState loading={members.isPending} error={members.error} onRetry={() => void members.refetch()}>
        <Stack gap="4">
          <MemberList teamId={team.id} members={members.data?.members ?? []} viewerId={profile.id} canManage={isOwner} />
          {isOwner ? (
            <>
              <Separator />
              <InviteForm teamId={team.id} />
              <PendingInvitations teamId={team.id} invitations={members.data?.invitations ?? []} />
            </>
          ) : (
            <>
              <Alert.Root status="info">
                <Alert.Indicator />
                <Alert.Title>{t('team.memberNotice')}</Alert.Title>
              </Alert.Root>
              <LeaveTeamButton teamId={team.id} teamName={team.name} userId={profile.id} />
            </>
          )}
        </Stack>
      </LoadState>
    </Section>
  );
}
