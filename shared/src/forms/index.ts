export { useApiForm } from './use-api-form';
export { TextField } from './text-field';
export { FormError, FormNotice } from './form-error';
export { ProfileFields } from './profile-fields';
