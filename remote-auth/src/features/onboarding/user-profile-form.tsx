import { FormError, TextField, useApiForm } from '@kagami/shared/forms';
import { useAtomValue } from 'jotai';
import { userApi } from '@kagami/shared/api';
import { validationText } from '@kagami/shared/i18n';
import { profileAtom, useSessionActions } from '@kagami/shared/session';
import { EMPLOYEE_COUNTS, JOB_ROLES, userProfileForm, type UserProfileForm } from '@kagami/shared/validation';
import { Button, FormField, Select, Stack } from '@kagami/shared/ui';
import { ScreenTitle } from '../../components/screen-title';
import { useAuthTranslation } from '../../components/use-auth-translation';

/** Name, company, size and role (SPEC §3); saving moves the guard on to the team step. */
export function UserProfileForm() {
  const { t } = useAuthTranslation();
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
  });
  const error = (name: keyof UserProfileForm) => {
    const message = form.formState.errors[name]?.message;
    return validationText(t, typeof message === 'string' ? message : undefined);
  };

  return (
    <Stack gap="5">
      <ScreenTitle title={t('userProfile.title')} intro={t('userProfile.intro')} />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="4">
          <FormError error={formError} />
          <TextField form={form} name="name" autoComplete="name" label={t('fields.name')} autoFocus />
          <TextField form={form} name="companyName" autoComplete="organization" label={t('fields.companyName')} />
          <FormField label={t('fields.numberOfEmployees')} error={error('numberOfEmployees')}>
            <Select
              id="numberOfEmployees"
              aria-label={t('fields.numberOfEmployees')}
              placeholder={t('placeholders.choose')}
              invalid={Boolean(error('numberOfEmployees'))}
              options={EMPLOYEE_COUNTS.map((value) => ({ value, label: t(`common:employees.${value}`) }))}
              {...form.register('numberOfEmployees')}
            />
          </FormField>
          <FormField label={t('fields.role')} error={error('role')}>
            <Select
              id="role"
              aria-label={t('fields.role')}
              placeholder={t('placeholders.choose')}
              invalid={Boolean(error('role'))}
              options={JOB_ROLES.map((value) => ({ value, label: t(`common:roles.${value}`) }))}
              {...form.register('role')}
            />
          </FormField>
          <Button type="submit" size="lg" loading={form.formState.isSubmitting}>
            {t('userProfile.submit')}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
