import { currentLanguage, DEFAULT_LANGUAGE } from '@kagami/shared/i18n';
import { FormError, TextField, useApiForm } from '@kagami/shared/forms';
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { teamApi } from '@kagami/shared/api';
import { browserStorage, profileAtom, useSessionActions } from '@kagami/shared/session';
import { joinTeamForm, type JoinTeamForm } from '@kagami/shared/validation';
import { Button, Heading, HStack, notify, Separator, Stack, Text } from '@kagami/shared/ui';
import { ScreenTitle } from '../../components/screen-title';
import { useAuthTranslation } from '../../components/use-auth-translation';

/** Continue alone (a personal team is created) or join with an invitation code, prefilled from a join link. */
export function UserTeamChoice() {
  const { t, i18n } = useAuthTranslation();
  const profile = useAtomValue(profileAtom);
  const actions = useSessionActions();
  const [creating, setCreating] = useState(false);
  const [createError, setCreateError] = useState<unknown>(null);
  const { form, formError, submitWith } = useApiForm<JoinTeamForm>(joinTeamForm, { code: browserStorage.get('invitationCode') ?? '' });

  const continueAlone = async () => {
    setCreating(true);
    setCreateError(null);
    try {
      // Named in the user's language: the one they signed up in when it is not the default, else this page's.
      const language = profile?.language && profile.language !== DEFAULT_LANGUAGE ? profile.language : currentLanguage(i18n);
      await teamApi.create(t('userTeam.personalTeamName', { name: profile?.name ?? '', lng: language }));
      await actions.refreshProfile();
    } catch (error) {
      setCreateError(error);
      setCreating(false);
    }
  };

  const onJoin = submitWith(async ({ code }) => {
    const team = await teamApi.join(code);
    browserStorage.remove('invitationCode');
    notify({ status: 'success', title: t('userTeam.joined', { team: team.name }) });
    await actions.refreshProfile();
  });

  return (
    <Stack gap="5">
      <ScreenTitle title={t('userTeam.title')} intro={t('userTeam.intro')} />
      <form onSubmit={onJoin} noValidate>
        <Stack gap="3">
          <Heading size="md" as="h2">
            {t('userTeam.join')}
          </Heading>
          <FormError error={formError} />
          <TextField form={form} name="code" label={t('fields.invitationCode')} />
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('userTeam.joinSubmit')}
          </Button>
        </Stack>
      </form>
      <HStack>
        <Separator flex="1" />
        <Text color="gray.500" fontSize="sm">
          {t('userTeam.or')}
        </Text>
        <Separator flex="1" />
      </HStack>
      <Stack gap="2">
        <FormError error={createError} />
        <Button color="secondary" size="lg" onClick={() => void continueAlone()} loading={creating}>
          {t('userTeam.alone')}
        </Button>
        <Text color="gray.600" fontSize="sm">
          {t('userTeam.aloneHint')}
        </Text>
      </Stack>
    </Stack>
  );
}
