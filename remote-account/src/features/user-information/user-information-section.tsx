import { useAtomValue } from 'jotai';
import { userApi } from '@kagami/shared/api';
import { FormError, TextField, useApiForm } from '@kagami/shared/forms';
import { validationText } from '@kagami/shared/i18n';
import { profileAtom, useSessionActions } from '@kagami/shared/session';
import { EMPLOYEE_COUNTS, JOB_ROLES, userProfileForm, type UserProfileForm } from '@kagami/shared/validation';
import { Button, FormField, HStack, notify, Select, Stack } from '@kagami/shared/ui';
import { Section } from '../../components/section';
import { useAccountTranslation } from '../../components/use-account-translation';

export function UserInformationSection() {
  const { t } = useAccountTranslation();
  const profile = useAtomValue(profileAtom);
  const actions = useSessionActions();
  const { form, formError, submitWith } = useApiForm<UserProfileForm>(userProfileForm, {
    name: profile?.name ?? '',
    companyName: profile?.companyName ?? '',
    numberOfEmployees: (profile?.numberOfEmployees ?? '') as never,
    role: (profile?.role ?? '') as never,
  });
  const onSubmit = submitWith(async (values) => {
    await userApi.updateProfile(values);
    await actions.refreshProfile();
    notify({ status: 'success', title: t('section.saved') });
  });
  const error = (name: 'numberOfEmployees' | 'role') => {
    const message = form.formState.errors[name]?.message;
    return validationText(t, typeof message === 'string' ? message : undefined);
  };
  return (
    <Section title={t('userInfo.title')}>
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormError error={formError} />
          <TextField form={form} name="name" autoComplete="name" label={t('userInfo.name')} />
          <TextField form={form} name="companyName" autoComplete="organization" label={t('userInfo.companyName')} />
          <FormField label={t('userInfo.numberOfEmployees')} error={error('numberOfEmployees')}>
            <Select
              aria-label={t('userInfo.numberOfEmployees')}
              placeholder={t('userInfo.choose')}
              invalid={Boolean(error('numberOfEmployees'))}
              options={EMPLOYEE_COUNTS.map((value) => ({ value, label: t(`common:employees.${value}`) }))}
              {...form.register('numberOfEmployees')}
            />
          </FormField>
          <FormField label={t('userInfo.role')} error={error('role')}>
            <Select
              aria-label={t('userInfo.role')}
              placeholder={t('userInfo.choose')}
              invalid={Boolean(error('role'))}
              options={JOB_ROLES.map((value) => ({ value, label: t(`common:roles.${value}`) }))}
              {...form.register('role')}
            />
          </FormField>
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
