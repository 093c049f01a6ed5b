import { LoginForm } from '../features/login/login-form';

export default function Screen() {
  return <LoginForm />;
}
