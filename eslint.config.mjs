// Boundaries of CONVENTIONS.md: packages meet only through their exports, libraries with a door in
// @kagami/shared are reached only through it, features never import each other, no cycles.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const packageBoundaries = [
  { group: ['**/shared/src/**', '@kagami/shared/src/**'], message: 'Import @kagami/shared through its exports.' },
  { group: ['**/remote-*/src/**', '**/shell/src/**', '**/api/src/**'], message: 'No imports into another package.' },
];
const doors = [
  { group: ['@chakra-ui/react', '@chakra-ui/react/*'], message: 'Reach Chakra only through @kagami/shared/ui.' },
  { group: ['react-router', 'react-router/*', 'react-router-dom'], message: 'Reach React Router only through @kagami/shared/router.' },
];
// Libraries bundled inside @kagami/shared rather than shared whole (a shared module is never tree-shaken).
const libraryDoors = [
  { group: ['react-i18next'], message: 'Reach react-i18next through @kagami/shared/i18n.' },
  { group: ['@tanstack/react-query'], message: 'Reach TanStack Query through @kagami/shared/query.' },
  { group: ['react-hook-form'], message: 'Reach React Hook Form through @kagami/shared/forms.' },
];

const features = (pkg, names) =>
  names.map((feature) => ({
    target: `./${pkg}/src/features/${feature}`,
    from: `./${pkg}/src/features`,
    except: [`./${feature}`],
    message: 'A feature never imports another feature; move shared code to components/ or @kagami/shared.',
  }));

// The API's layers, lowest first: each imports only from layers below it (type-only imports too). The engine also
// stays clear of the database, storage, jobs and mail: what it needs of them it is handed through its own types. The
// app's entry points (app, context, server, worker) and the operators' routes sit on top.
const API_LAYERS = [['lib'], ['config'], ['db'], ['storage', 'jobs', 'mail', 'media', 'routing'], ['engine'], ['domains'], ['http', 'ops']];
const API_ENTRIES = ['app.ts', 'context.ts', 'server.ts', 'worker.ts'].map((file) => `./api/src/${file}`);
const apiDir = (name) => `./api/src/${name}`;
const apiLayerZones = API_LAYERS.flatMap((layer, index) =>
  layer.map((name) => ({
    target: apiDir(name),
    from: [
      ...API_LAYERS.slice(index + 1)
        .flat()
        .map(apiDir),
      ...API_ENTRIES,
    ],
    message: `api/src/${name} sits below what it imports here: the layers run lib <- config <- db <- storage, jobs, mail, media, routing <- engine <- domains <- http, ops and the app.`,
  })),
);
const engineZones = [
  {
    target: apiDir('engine'),
    from: ['db', 'storage', 'jobs', 'mail', 'routing'].map(apiDir),
    message: 'The engine is handed what it needs of the database, storage, jobs and mail through its own types (engine/index.ts).',
  },
  {
    target: [
      ...API_LAYERS.flat()
        .filter((name) => name !== 'engine')
        .map(apiDir),
      ...API_ENTRIES,
    ],
    from: apiDir('engine'),
    except: ['./index.ts'],
    message: 'Reach the engine only through its door, api/src/engine/index.ts.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'data/**',
      '.tools/**',
      'cli/src/generated/**',
    ],
  },
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
      'no-restricted-imports': ['error', { patterns: [...packageBoundaries, ...doors, ...libraryDoors] }],
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
              'api-plan',
              'api-use',
              'webhooks',
              'team-watermark',
            ]),
            ...features('remote-studio', ['avatars', 'avatar-new', 'voices', 'videos', 'video-new', 'uploads']),
            ...features('remote-billing', ['plans', 'quota', 'history', 'contact-sales', 'portal']),
            ...apiLayerZones,
            ...engineZones,
          ],
        },
      ],
    },
  },
  {
    // A remote's translations: its own hook adds its namespace before reading it, so a screen opened cold shows no raw keys.
    files: ['remote-*/src/**/*.{ts,tsx}'],
    ignores: ['remote-*/src/components/use-*-translation.ts', 'remote-*/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [...packageBoundaries, ...doors, ...libraryDoors],
          paths: [
            {
              name: '@kagami/shared/i18n',
              importNames: ['useTranslation'],
              message: "Use this remote's use…Translation() hook: it adds the remote's namespace before the first text is read.",
            },
          ],
        },
      ],
    },
  },
  {
    // @kagami/shared, where the library doors are.
    files: ['shared/src/**/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': ['error', { patterns: [...packageBoundaries, ...doors] }] },
  },
  {
    // The doors themselves.
    files: ['shared/src/ui/**/*.{ts,tsx}', 'shared/src/router/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: packageBoundaries }] },
  },
);
