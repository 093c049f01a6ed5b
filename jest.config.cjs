const { jestProject } = require('./shared/jest/preset.cjs');

module.exports = {
  projects: [
    jestProject({ name: 'shared', dir: '<rootDir>/shared', environment: 'jsdom' }),
    jestProject({ name: 'shell', dir: '<rootDir>/shell', environment: 'jsdom' }),
    jestProject({ name: 'remote-auth', dir: '<rootDir>/remote-auth', environment: 'jsdom' }),
    jestProject({ name: 'remote-account', dir: '<rootDir>/remote-account', environment: 'jsdom' }),
    jestProject({ name: 'remote-studio', dir: '<rootDir>/remote-studio', environment: 'jsdom' }),
    jestProject({ name: 'remote-billing', dir: '<rootDir>/remote-billing', environment: 'jsdom' }),
    // Much of the Node ecosystem (Lighthouse's trace processing, server libraries) ships ESM only; SWC turns it into
    // CommonJS for jest (cached after the first run).
    { ...jestProject({ name: 'scripts', dir: '<rootDir>/scripts', environment: 'node' }), transformIgnorePatterns: [] },
    { ...jestProject({ name: 'api', dir: '<rootDir>/api', environment: 'node' }), transformIgnorePatterns: [] },
  ],
  testSequencer: '<rootDir>/shared/jest/slowest-first.cjs',
  // Stretched with the tests' own timeouts by TEST_TIMEOUT_SCALE (shared/jest/scale-timeouts.cjs).
  testTimeout: 30000 * Number(process.env.TEST_TIMEOUT_SCALE ?? 1),
};
