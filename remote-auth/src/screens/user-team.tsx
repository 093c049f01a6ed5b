import { UserTeamChoice } from '../features/onboarding/user-team-choice';

export default function Screen() {
  return <UserTeamChoice />;
}
