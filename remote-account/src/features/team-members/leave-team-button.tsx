import { useState } from 'react';
import { useQueryClient } from '@kagami/shared/query';
import { teamApi } from '@kagami/shared/api';
import { errorText } from '@kagami/shared/i18n';
import { useSessionActions } from '@kagami/shared/session';
import { Box, Button, notify, Text } from '@kagami/shared/ui';
import { Modal } from '@kagami/shared/ui-widgets';
import { useAccountTranslation } from '../../components/use-account-translation';

/** A member leaves the team; the app moves them to another team of theirs, or to the team step. */
export function LeaveTeamButton({ teamId, teamName, userId }: { teamId: string; teamName: string; userId: string }) {
  const { t } = useAccountTranslation();
  const actions = useSessionActions();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const leave = async () => {
    setLeaving(true);
    try {
      await teamApi.removeMember(teamId, userId);
      notify({ status: 'success', title: t('team.left', { name: teamName }) });
      setConfirming(false);
      await actions.refreshProfile();
      await queryClient.invalidateQueries();
    } catch (error) {
      notify({ status: 'error', title: errorText(t, error) });
    } finally {
      setLeaving(false);
    }
  };
  return (
    <Box>
      <Button color="white" danger onClick={() => setConfirming(true)}>
        {t('team.leave')}
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('team.leaveTitle', { name: teamName })}
        kind="confirm"
        danger
        submitText={t('team.leave')}
        onSubmit={() => void leave()}
        submitting={leaving}
      >
        <Text>{t('team.leaveBody')}</Text>
      </Modal>
    </Box>
  );
}
