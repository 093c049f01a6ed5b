import { useState } from 'react';
import { teamApi } from '@kagami/shared/api';
import { errorText } from '@kagami/shared/i18n';
import { useQuery } from '@kagami/shared/query';
import { browserStorage } from '@kagami/shared/session';
import { Alert } from '@kagami/shared/ui';
import { useAuthTranslation } from './use-auth-translation';

/**
 * A join link opened signed out: who invites the visitor to which team, above Login and Sign-up, so they know why
 * they are asked to sign in; an invitation that can no longer be used says why at once.
 */
export function InvitationNotice() {
  const { t } = useAuthTranslation();
  const [code] = useState(() => browserStorage.get('invitationCode'));
  const invitation = useQuery({
    queryKey: ['invitation-preview', code],
    queryFn: () => teamApi.previewInvitation(code!),
    enabled: Boolean(code),
    retry: false,
    staleTime: Infinity,
  });
  if (!code || invitation.isPending) return null;
  if (invitation.isError) {
    return (
      <Alert.Root status="warning" data-testid="invitation-notice">
        <Alert.Indicator />
        <Alert.Title>{errorText(t, invitation.error)}</Alert.Title>
      </Alert.Root>
    );
  }
  const { teamName, inviterName } = invitation.data;
  return (
    <Alert.Root status="info" data-testid="invitation-notice">
      <Alert.Indicator />
      <Alert.Title>
        {inviterName ? t('invitation.byName', { inviter: inviterName, team: teamName }) : t('invitation.toTeam', { team: teamName })}
      </Alert.Title>
    </Alert.Root>
  );
}
