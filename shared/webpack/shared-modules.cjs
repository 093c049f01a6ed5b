// The singletons every build shares (ARCHITECTURE §2): one React, one router, one store,
// one QueryClient, one i18next, one Chakra, one @kagami/shared at runtime, whoever loads first.
const deps = require('../package.json').dependencies;

const singleton = (version) => ({ singleton: true, requiredVersion: version, strictVersion: false });

const sharedModules = {
  react: singleton(deps.react),
  'react/': singleton(deps.react),
  'react-dom': singleton(deps['react-dom']),
  'react-dom/': singleton(deps['react-dom']),
  'react-router': singleton(deps['react-router']),
  'react-router-dom': singleton(deps['react-router-dom']),
  jotai: singleton(deps.jotai),
  'jotai/': singleton(deps.jotai),
  '@tanstack/react-query': singleton(deps['@tanstack/react-query']),
  i18next: singleton(deps.i18next),
  'react-i18next': singleton(deps['react-i18next']),
  '@chakra-ui/react': singleton(deps['@chakra-ui/react']),
  '@emotion/react': singleton(deps['@emotion/react']),
  '@emotion/react/': singleton(deps['@emotion/react']),
  '@react-oauth/google': singleton(deps['@react-oauth/google']),
  'react-hook-form': singleton(deps['react-hook-form']),
  '@kagami/shared/': { singleton: true, requiredVersion: false, version: require('../package.json').version },
};

module.exports = { sharedModules };
