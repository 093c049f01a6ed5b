import { SignupFlow } from '../features/signup/signup-flow';

export default function Screen() {
  return <SignupFlow />;
}
