import { runStandalone } from '@kagami/shared/harness';
import { authResources } from './components/use-auth-translation';
import Login from './screens/login';
import Signup from './screens/signup';
import UserProfile from './screens/user-profile';
import UserTeam from './screens/user-team';
import ForgotPassword from './screens/forgot-password';
import ResetPassword from './screens/reset-password';

runStandalone({
  namespace: 'auth',
  resources: authResources,
  screens: {
    '/login': Login,
    '/signup': Signup,
    '/user-profile': UserProfile,
    '/user-team': UserTeam,
    '/forgot-password': ForgotPassword,
    '/reset-password': ResetPassword,
  },
});
