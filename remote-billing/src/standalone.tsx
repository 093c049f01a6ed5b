import { runStandalone } from '@kagami/shared/harness';
import { billingResources } from './components/use-billing-translation';
import Subscription from './screens/subscription';
import ContactSales from './screens/contact-sales';
import History from './screens/history';
import Billing from './screens/billing';

runStandalone({
  namespace: 'billing',
  resources: billingResources,
  screens: { '/subscription': Subscription, '/contact-sales': ContactSales, '/history': History, '/billing': Billing },
});
