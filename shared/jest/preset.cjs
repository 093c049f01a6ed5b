// One jest setup for every package: SWC for TypeScript/JSX (ts-jest does not support TS 7),
// and ESM-only dependencies (jotai 3) transformed too.
const path = require('node:path');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @param {{ name: string, dir: string, environment: 'node' | 'jsdom' }} options */
function jestProject({ name, dir, environment }) {
  return {
    displayName: name,
    rootDir: dir,
    testEnvironment: environment,
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}', '<rootDir>/test/**/*.test.{ts,tsx}'],
    transform: { '^.+\\.[mc]?[tj]sx?$': swc },
    transformIgnorePatterns: ['/node_modules/(?!\\.pnpm|jotai/|jose/|content-disposition/|@kagami/)'],
    moduleNameMapper: { '\\.(css)$': path.join(__dirname, 'style-stub.cjs') },
    setupFilesAfterEnv: [
      path.join(__dirname, 'scale-timeouts.cjs'),
      ...(environment === 'jsdom' ? [path.join(__dirname, 'setup-dom.ts')] : []),
    ],
    testEnvironmentOptions: environment === 'jsdom' ? { customExportConditions: [''] } : {},
  };
}

module.exports = { jestProject };
