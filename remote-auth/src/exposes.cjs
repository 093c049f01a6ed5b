// The remote's public face: one module per screen, plus its contract version.
module.exports = {
  './contract': './src/contract.ts',
  './Login': './src/screens/login.tsx',
  './Signup': './src/screens/signup.tsx',
  './UserProfile': './src/screens/user-profile.tsx',
  './UserTeam': './src/screens/user-team.tsx',
  './ForgotPassword': './src/screens/forgot-password.tsx',
  './ResetPassword': './src/screens/reset-password.tsx',
};
