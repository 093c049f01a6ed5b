import { runStandalone } from '@kagami/shared/harness';
import { accountResources } from './components/use-account-translation';
import Profile from './screens/profile';
import APIKey from './screens/api-key';

runStandalone({ namespace: 'account', resources: accountResources, screens: { '/profile': Profile, '/api-key': APIKey } });
