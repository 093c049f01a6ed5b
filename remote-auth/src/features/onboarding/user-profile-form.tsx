import { FormError, ProfileFields, useProfileForm } from '@kagami/shared/forms';
import { Button, Stack } from '@kagami/shared/ui';
import { ScreenTitle } from '../../components/screen-title';
import { useAuthTranslation } from '../../components/use-auth-translation';

/** Name, company, size and role (SPEC §3); saving moves the guard on to the team step. */
export function UserProfileForm() {
  const { t } = useAuthTranslation();
  const { form, formError, onSubmit } = useProfileForm();
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
