const { createWebpackConfig } = require('@kagami/shared/webpack');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'remote_studio',
  port: 8082,
  exposes: require('./src/exposes.cjs'),
});
