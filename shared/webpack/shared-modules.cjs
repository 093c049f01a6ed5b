// The singletons every build shares (ARCHITECTURE §2): one React, one router, one store,
// one QueryClient, one i18next, one @kagami/shared at runtime: the shell's.
// Chakra, React Router, react-i18next, TanStack Query and React Hook Form are not shared themselves: a shared
// module is never tree-shaken, so they reach every build inside the @kagami/shared doors (ui, ui-widgets, router,
// i18n, query, forms), which bundle only what Kagami uses. The shell imports every door, so the doors it
// provides (and the one copy of each library inside them) are the ones every remote uses.
const deps = require('../package.json').dependencies;

const singleton = (version) => ({ singleton: true, requiredVersion: version, strictVersion: false });

const sharedModules = {
  react: singleton(deps.react),
  'react/': singleton(deps.react),
  'react-dom': singleton(deps['react-dom']),
  'react-dom/': singleton(deps['react-dom']),
  jotai: singleton(deps.jotai),
  'jotai/': singleton(deps.jotai),
  i18next: singleton(deps.i18next),
  '@emotion/react': singleton(deps['@emotion/react']),
  '@emotion/react/': singleton(deps['@emotion/react']),
  '@react-oauth/google': singleton(deps['@react-oauth/google']),
  '@kagami/shared/': { singleton: true, requiredVersion: false, version: require('../package.json').version },
};

/**
 * What the shell provides: the same singletons, eager, so they travel in its main.js (one request, compressed
 * together) instead of a dozen chunks fetched one after another before Login can render. Only the shell is
 * eager: it always loads first and owns the providers, so its copies are the ones every remote gets. The
 * widgets door stays a separate chunk, loaded by the screens that show a menu, dialog or pin input, and so do the
 * forms and validation doors (React Hook Form, valibot and every schema), loaded by the screens with a form.
 */
const shellSharedModules = {
  ...Object.fromEntries(Object.entries(sharedModules).map(([key, options]) => [key, { ...options, eager: true }])),
  '@kagami/shared/ui-widgets': sharedModules['@kagami/shared/'],
  '@kagami/shared/forms': sharedModules['@kagami/shared/'],
  '@kagami/shared/validation': sharedModules['@kagami/shared/'],
};

module.exports = { sharedModules, shellSharedModules };
