import { useTranslation } from '@kagami/shared/i18n';
import { teamApi, type Team } from '@kagami/shared/api';
import { FormError, TextField, useApiForm } from '@kagami/shared/forms';
import { teamNameForm, type TeamNameForm } from '@kagami/shared/validation';
import { Stack, Text } from '@kagami/shared/ui';
import { Modal } from '@kagami/shared/ui-widgets';

/** Names and creates a new team, owned by the user; `onCreated` switches to it. */
export function CreateTeamDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose: () => void;
  onCreated: (team: Team) => Promise<void>;
}) {
  const { t } = useTranslation('shell');
  const { form, formError, setFormError, submitWith } = useApiForm<TeamNameForm>(teamNameForm, { name: '' });
  const close = () => {
    form.reset({ name: '' });
    setFormError(null);
    onClose();
  };
  const onSubmit = submitWith(async ({ name }) => {
    await onCreated(await teamApi.create(name));
    close();
  });
  return (
    <Modal
      open={open}
      onClose={close}
      title={t('createDialog.title')}
      kind="confirm"
      submitText={t('createDialog.submit')}
      onSubmit={() => void onSubmit()}
      submitting={form.formState.isSubmitting}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="3">
          <Text color="gray.600">{t('createDialog.intro')}</Text>
          <FormError error={formError} />
          <TextField form={form} name="name" label={t('createDialog.name')} autoFocus />
        </Stack>
      </form>
    </Modal>
  );
}
