import { ResetPasswordForm } from '../features/password/reset-password-form';

export default function Screen() {
  return <ResetPasswordForm />;
}
