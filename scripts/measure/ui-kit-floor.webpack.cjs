// Measurement only: shell/measure/ui-kit-floor.tsx built as the shell is (same loaders, UI kit and minifier), without
// federation, into scripts/measure/.ui-kit-floor/dist.
const path = require('node:path');
const { createWebpackConfig } = require('@kagami/shared/webpack');

const root = path.join(__dirname, '..', '..');
const shell = createWebpackConfig({
  dir: path.join(root, 'shell'),
  name: 'ui_kit_floor',
  port: 8080,
  host: true,
  federation: false,
  outputDir: path.join(__dirname, '.ui-kit-floor', 'dist'),
});

module.exports = (env, argv) => {
  const config = shell(env, argv);
  return {
    ...config,
    entry: { main: path.join(root, 'shell', 'measure', 'ui-kit-floor.tsx') },
  };
};
