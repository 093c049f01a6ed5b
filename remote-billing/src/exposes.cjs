// The remote's public face: one module per screen, plus its contract version.
module.exports = {
  './contract': './src/contract.ts',
  './Subscription': './src/screens/subscription.tsx',
  './ContactSales': './src/screens/contact-sales.tsx',
  './History': './src/screens/history.tsx',
  './Billing': './src/screens/billing.tsx',
};
