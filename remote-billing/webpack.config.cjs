const { createWebpackConfig } = require('@kagami/shared/webpack');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'remote_billing',
  port: 8084,
  exposes: require('./src/exposes.cjs'),
});
