import { teamApi, type PendingInvitation } from '@kagami/shared/api';
import { dateTimeFormat, errorText } from '@kagami/shared/i18n';
import { Button, Heading, HStack, notify, Stack, Text } from '@kagami/shared/ui';
import { useAccountTranslation } from '../../components/use-account-translation';
import { useTeamMutation } from './use-team-members';

export function PendingInvitations({ teamId, invitations }: { teamId: string; invitations: PendingInvitation[] }) {
  const { t, i18n } = useAccountTranslation();
  const revoke = useTeamMutation(teamId, (id: string) => teamApi.revokeInvitation(teamId, id));
  const onRevoke = async (invitation: PendingInvitation) => {
    try {
      await revoke.mutateAsync(invitation.id);
      notify({ status: 'success', title: t('team.revoked', { email: invitation.email }) });
    } catch (error) {
      notify({ status: 'error', title: errorText(t, error) });
    }
  };
  return (
    <Stack gap="2">
      <Heading size="sm" as="h3">
        {t('team.pending')}
      </Heading>
      {invitations.length === 0 ? <Text color="gray.600">{t('team.noPending')}</Text> : null}
      {invitations.map((invitation) => (
        <HStack key={invitation.id} justify="space-between" data-testid="pending-invitation">
          <Text>
            {invitation.email}{' '}
            <Text as="span" color="gray.500" fontSize="sm">
              {t('team.expires', { date: dateTimeFormat(i18n.language, {}).format(new Date(invitation.expiresAt)) })}
            </Text>
          </Text>
          <Button size="sm" color="white" onClick={() => void onRevoke(invitation)} disabled={revoke.isPending}>
            {t('team.revoke')}
          </Button>
        </HStack>
      ))}
    </Stack>
  );
}
