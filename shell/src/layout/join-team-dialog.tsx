import { useQueryClient } from '@kagami/shared/query';
import { useTranslation } from '@kagami/shared/i18n';
import { teamApi } from '@kagami/shared/api';
import { FormError, TextField, useApiForm } from '@kagami/shared/forms';
import { browserStorage, useSessionActions } from '@kagami/shared/session';
import { joinTeamForm, type JoinTeamForm } from '@kagami/shared/validation';
import { notify, Stack, Text } from '@kagami/shared/ui';
import { Modal } from '@kagami/shared/ui-widgets';

/**
 * Join a team with an invitation code; each outcome of SPEC §4 is shown in the dialog. A code left by a
 * join link is spent once the API has answered it or the dialog is dismissed, so it never reopens the dialog.
 */
export function JoinTeamDialog({ open, onClose, initialCode }: { open: boolean; onClose: () => void; initialCode: string }) {
  const { t } = useTranslation('shell');
  const actions = useSessionActions();
  const queryClient = useQueryClient();
  const { form, formError, setFormError, submitWith } = useApiForm<JoinTeamForm>(joinTeamForm, { code: initialCode });
  const close = () => {
    browserStorage.remove('invitationCode');
    form.reset({ code: '' });
    setFormError(null);
    onClose();
  };
  const onSubmit = submitWith(async ({ code }) => {
    const team = await teamApi.join(code).finally(() => browserStorage.remove('invitationCode'));
    await actions.refreshProfile();
    await queryClient.invalidateQueries();
    notify({ status: 'success', title: t('joinDialog.joined', { team: team.name }) });
    close();
  });
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('joinDialog.title')}
      kind="confirm"
      submitText={t('joinDialog.submit')}
      onSubmit={() => void onSubmit()}
      submitting={form.formState.isSubmitting}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="3">
          <Text color="gray.600">{t('joinDialog.intro')}</Text>
          <FormError error={formError} />
          <TextField form={form} name="code" label={t('joinDialog.code')} autoFocus />
        </Stack>
      </form>
    </Modal>
  );
}
