import { UserProfileForm } from '../features/onboarding/user-profile-form';

export default function Screen() {
  return <UserProfileForm />;
}
