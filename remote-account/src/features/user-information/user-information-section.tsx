import { useAtomValue } from 'jotai';
import { userApi } from '@kagami/shared/api';
import { FormError, ProfileFields, useApiForm } from '@kagami/shared/forms';
import { profileAtom, useSessionActions } from '@kagami/shared/session';
import { userProfileDefaults, userProfileForm, type UserProfileForm } from '@kagami/shared/validation';
import { Button, HStack, notify, Stack } from '@kagami/shared/ui';
import { Section } from '../../components/section';
import { useAccountTranslation } from '../../components/use-account-translation';

export function UserInformationSection() {
  const { t } = useAccountTranslation();
  const profile = useAtomValue(profileAtom);
  const actions = useSessionActions();
  const { form, formError, submitWith } = useApiForm<UserProfileForm>(userProfileForm, userProfileDefaults(profile));
  const onSubmit = submitWith(async (values) => {
    await userApi.updateProfile(values);
    await actions.refreshProfile();
    notify({ status: 'success', title: t('section.saved') });
  });
  return (
    <Section title={t('userInfo.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormError error={formError} />
          <ProfileFields form={form} />
          <HStack justify="flex-end">
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('userInfo.save')}
            </Button>
          </HStack>
        </Stack>
      </form>
    </Section>
  );
}
