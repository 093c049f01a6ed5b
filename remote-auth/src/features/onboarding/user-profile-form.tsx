import { FormError, ProfileFields, useApiForm } from '@kagami/shared/forms';
import { useAtomValue } from 'jotai';
import { userApi } from '@kagami/shared/api';
import { profileAtom, useSessionActions } from '@kagami/shared/session';
import { userProfileDefaults, userProfileForm, type UserProfileForm } from '@kagami/shared/validation';
import { Button, Stack } from '@kagami/shared/ui';
import { ScreenTitle } from '../../components/screen-title';
import { useAuthTranslation } from '../../components/use-auth-translation';

/** Name, company, size and role (SPEC §3); saving moves the guard on to the team step. */
export function UserProfileForm() {
  const { t } = useAuthTranslation();
  const profile = useAtomValue(profileAtom);
  const actions = useSessionActions();
  const { form, formError, submitWith } = useApiForm<UserProfileForm>(userProfileForm, userProfileDefaults(profile));
  const onSubmit = submitWith(async (values) => {
    await userApi.updateProfile(values);
    await actions.refreshProfile();
  });
  return (
    <Stack gap="5">
      <ScreenTitle title={t('userProfile.title')} intro={t('userProfile.intro')} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormError error={formError} />
          <ProfileFields form={form} autoFocus />
          <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
            {t('userProfile.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
