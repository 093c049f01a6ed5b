const { createWebpackConfig } = require('@kagami/shared/webpack');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'remote_account',
  port: 8083,
  exposes: require('./src/exposes.cjs'),
});
