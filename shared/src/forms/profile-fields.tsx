import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { validationText } from '../i18n';
import { FormField, Select } from '../ui';
import { EMPLOYEE_COUNTS, JOB_ROLES, type UserProfileForm } from '../validation';
import { TextField } from './text-field';

type ChoiceField = 'numberOfEmployees' | 'role';

/** Name, company, team size and role (SPEC §3): the same fields at onboarding and in the profile. */
export function ProfileFields({ form, autoFocus }: { form: UseFormReturn<UserProfileForm>; autoFocus?: boolean }) {
  const { t } = useTranslation('common');
  const error = (name: ChoiceField) => {
    const message = form.formState.errors[name]?.message;
    return validationText(t, typeof message === 'string' ? message : undefined);
  };
  const choice = (name: ChoiceField, values: readonly string[], labelOf: (value: string) => string) => (
    <FormField label={t(`profileFields.${name}`)} error={error(name)}>
      <Select
        aria-label={t(`profileFields.${name}`)}
        placeholder={t('profileFields.choose')}
        invalid={Boolean(error(name))}
        options={values.map((value) => ({ value, label: labelOf(value) }))}
        {...form.register(name)}
      />
    </FormField>
  );
  return (
    <>
      <TextField form={form} name="name" autoComplete="name" label={t('profileFields.name')} autoFocus={autoFocus} />
      <TextField form={form} name="companyName" autoComplete="organization" label={t('profileFields.companyName')} />
      {choice('numberOfEmployees', EMPLOYEE_COUNTS, (value) => t(`employees.${value}`))}
      {choice('role', JOB_ROLES, (value) => t(`roles.${value}`))}
    </>
  );
}
