const path = require('node:path');
const { requireTypeScript } = require('./require-typescript.cjs');

/**
 * The UI kit's global styles (Chakra's layer order, reset, global CSS and the tokens' variables), rendered by emotion
 * as on a server, for the page's head, marked `data-ui-global`: src/ui/provider.tsx then leaves them out, and a first
 * start neither builds them (a quarter of the theme's cost) nor has emotion parse and insert 50 KB of CSS.
 */
function themeGlobalStyles() {
  const { uiSystem } = requireTypeScript(path.join(__dirname, '..', 'src', 'ui', 'theme.ts'));
  const { createElement } = require('react');
  const { renderToStaticMarkup } = require('react-dom/server');
  const { ChakraProvider } = require('@chakra-ui/react/styled-system');
  const markup = renderToStaticMarkup(createElement(ChakraProvider, { value: uiSystem() }));
  return markup.replace(/<style data-emotion="[^"]*"/g, '<style data-ui-global');
}

module.exports = { themeGlobalStyles };
