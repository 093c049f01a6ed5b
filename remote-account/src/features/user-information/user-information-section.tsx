import { FormError, ProfileFields, useProfileForm } from '@kagami/shared/forms';
import { Button, HStack, notify, Section, Stack } from '@kagami/shared/ui';
import { useAccountTranslation } from '../../components/use-account-translation';

export function UserInformationSection() {
  const { t } = useAccountTranslation();
  const { form, formError, onSubmit } = useProfileForm(() => notify({ status: 'success', title: t('section.saved') }));
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
