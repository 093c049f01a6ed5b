import { teamApi } from '@kagami/shared/api';
import { FormError, TextField, useApiForm } from '@kagami/shared/forms';
import { useSessionActions } from '@kagami/shared/session';
import { teamNameForm, type TeamNameForm } from '@kagami/shared/validation';
import { Box, Button, HStack, notify } from '@kagami/shared/ui';
import { useAccountTranslation } from '../../components/use-account-translation';
import { useTeamMutation } from './use-team-members';

export function TeamNameForm({ teamId, name }: { teamId: string; name: string }) {
  const { t } = useAccountTranslation();
  const actions = useSessionActions();
  const rename = useTeamMutation(teamId, (newName: string) => teamApi.rename(teamId, newName));
  const { form, formError, submitWith } = useApiForm<TeamNameForm>(teamNameForm, { name });
  const onSubmit = submitWith(async (values) => {
    const team = await rename.mutateAsync(values.name);
    await actions.refreshProfile();
    notify({ status: 'success', title: t('team.renamed', { name: (team as { name: string }).name }) });
  });
  return (
    <form onSubmit={onSubmit} noValidate>
      <FormError error={formError} />
      <HStack align="flex-end" gap="3">
        <Box flex="1">
          <TextField form={form} name="name" label={t('team.name')} />
        </Box>
        <Button type="submit" color="secondary" loading={form.formState.isSubmitting}>
          {t('team.rename')}
        </Button>
      </HStack>
    </form>
  );
}
