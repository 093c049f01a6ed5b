const { createWebpackConfig } = require('@kagami/shared/webpack');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'remote_auth',
  port: 8081,
  exposes: require('./src/exposes.cjs'),
});
