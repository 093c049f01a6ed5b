// The singletons every build shares (ARCHITECTURE §2): one React, one router, one store,
// one QueryClient, one i18next, one @kagami/shared at runtime, whoever loads first.
// Chakra and React Router are not shared themselves: a shared module is never tree-shaken, so they
// reach every build inside the @kagami/shared/ui and @kagami/shared/router doors, which bundle only what Kagami uses.
const deps = require('../package.json').dependencies;

const singleton = (version) => ({ singleton: true, requiredVersion: version, strictVersion: false });

const sharedModules = {
  react: singleton(deps.react),
  'react/': singleton(deps.react),
  'react-dom': singleton(deps['react-dom']),
  'react-dom/': singleton(deps['react-dom']),
  jotai: singleton(deps.jotai),
  'jotai/': singleton(deps.jotai),
  '@tanstack/react-query': singleton(deps['@tanstack/react-query']),
  i18next: singleton(deps.i18next),
  'react-i18next': singleton(deps['react-i18next']),
  '@emotion/react': singleton(deps['@emotion/react']),
  '@emotion/react/': singleton(deps['@emotion/react']),
  '@react-oauth/google': singleton(deps['@react-oauth/google']),
  'react-hook-form': singleton(deps['react-hook-form']),
  '@kagami/shared/': { singleton: true, requiredVersion: false, version: require('../package.json').version },
};

module.exports = { sharedModules };
