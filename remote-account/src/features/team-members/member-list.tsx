import { useState } from 'react';
import { teamApi, type Member } from '@kagami/shared/api';
import { errorText } from '@kagami/shared/i18n';
import { Badge, Button, HStack, notify, Stack, Text } from '@kagami/shared/ui';
import { Modal } from '@kagami/shared/ui-widgets';
import { useAccountTranslation } from '../../components/use-account-translation';
import { useTeamMutation } from './use-team-members';

export function MemberList({
  teamId,
  members,
  viewerId,
  canManage,
}: {
  teamId: string;
  members: Member[];
  viewerId: string;
  canManage: boolean;
}) {
  const { t } = useAccountTranslation();
  const [removing, setRemoving] = useState<Member | null>(null);
  const remove = useTeamMutation(teamId, (userId: string) => teamApi.removeMember(teamId, userId));
  const displayName = (member: Member) => member.name ?? member.email;
  const confirmRemove = async () => {
    if (!removing) return;
    try {
      await remove.mutateAsync(removing.userId);
      notify({ status: 'success', title: t('team.removed', { name: displayName(removing) }) });
      setRemoving(null);
    } catch (error) {
      notify({ status: 'error', title: errorText(t, error) });
    }
  };
  return (
    <Stack gap="2" as="ul" aria-label={t('team.members')} listStyleType="none">
      {members.map((member) => (
        <HStack as="li" key={member.userId} justify="space-between" py="2" borderBottomWidth="1px" data-testid="member-row">
          <Stack gap="0">
            <Text fontWeight="medium">
              {displayName(member)} {member.userId === viewerId ? t('team.you') : ''}
            </Text>
            <Text fontSize="sm" color="gray.600">
              {member.email}
            </Text>
          </Stack>
          <HStack gap="3">
            <Badge colorPalette={member.role === 'owner' ? 'brand' : 'gray'}>{t(`team.role.${member.role}`)}</Badge>
            {canManage && member.userId !== viewerId ? (
              <Button
                size="sm"
                color="white"
                danger
                onClick={() => setRemoving(member)}
                aria-label={`${t('team.remove')} ${displayName(member)}`}
              >
                {t('team.remove')}
              </Button>
            ) : null}
          </HStack>
        </HStack>
      ))}
      <Modal
        open={Boolean(removing)}
        onClose={() => setRemoving(null)}
        title={t('team.removeTitle', { name: removing ? displayName(removing) : '' })}
        kind="confirm"
        danger
        submitText={t('team.remove')}
        onSubmit={() => void confirmRemove()}
        submitting={remove.isPending}
      >
        <Text>{t('team.removeBody')}</Text>
      </Modal>
    </Stack>
  );
}
