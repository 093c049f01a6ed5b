export { useApiForm } from './use-api-form';
export { TextField } from './text-field';
export { FormError, FormNotice } from './form-error';
export { ProfileFields } from './profile-fields';
export { CheckboxField } from './checkbox-field';
export { CheckboxGroupField } from './checkbox-group-field';
export { useProfileForm } from './use-profile-form';
export type { UseFormReturn } from 'react-hook-form';
export { useWatch } from 'react-hook-form';
