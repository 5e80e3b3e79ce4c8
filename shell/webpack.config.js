const { createWebpackConfig } = require('@lab/config');

module.exports = createWebpackConfig({ dir: __dirname, name: 'shell', port: 3000, host: true });
