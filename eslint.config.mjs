// Boundaries of CONVENTIONS.md: packages meet only through their exports, remotes reach Chakra only
// through @kagami/shared/ui, features never import each other, no cycles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = (pkg, names) =>
  names.map((feature) => ({
    target: `./${pkg}/src/features/${feature}`,
    from: `./${pkg}/src/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature; move shared code to components/ or @kagami/shared.',
  }));

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', '**/test-results/**', '**/playwright-report/**', 'data/**', '.tools/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx,mjs,cjs,js}'],
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    settings: {
      'import-x/ignore': ['node_modules'],
      'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] } },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-require-imports': 'off',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      'import-x/no-relative-packages': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/shared/src/**', '@kagami/shared/src/**'], message: 'Import @kagami/shared through its exports.' },
            { group: ['**/remote-*/src/**', '**/shell/src/**', '**/api/src/**'], message: 'No imports into another package.' },
          ],
        },
      ],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...features('remote-auth', ['login', 'signup', 'onboarding', 'password']),
            ...features('remote-account', [
              'user-information',
              'team-members',
              'change-email',
              'change-password',
              'delete-account',
              'api-key',
            ]),
            ...features('remote-studio', ['avatars', 'avatar-new', 'voices', 'videos', 'video-new', 'uploads']),
          ],
        },
      ],
    },
  },
  {
    files: ['shell/**/*.{ts,tsx}', 'remote-*/**/*.{ts,tsx}', 'api/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@chakra-ui/react', message: 'Reach Chakra only through @kagami/shared/ui.' }],
          patterns: [
            { group: ['**/shared/src/**', '@kagami/shared/src/**'], message: 'Import @kagami/shared through its exports.' },
            {
              group: ['../../shell/**', '../../remote-*/**', '../../api/**', '../../shared/**'],
              message: 'No imports into another package.',
            },
          ],
        },
      ],
    },
  },
);
