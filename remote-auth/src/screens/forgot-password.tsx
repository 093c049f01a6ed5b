import { ForgotPasswordForm } from '../features/password/forgot-password-form';

export default function Screen() {
  return <ForgotPasswordForm />;
}
