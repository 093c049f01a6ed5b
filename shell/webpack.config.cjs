const { createWebpackConfig } = require('@kagami/shared/webpack');

module.exports = createWebpackConfig({ dir: __dirname, name: 'shell', port: 8080, host: true });
