// The remote's public face: one module per screen, plus its contract version.
module.exports = {
  './contract': './src/contract.ts',
  './Profile': './src/screens/profile.tsx',
  './APIKey': './src/screens/api-key.tsx',
};
