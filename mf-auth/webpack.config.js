const { createWebpackConfig } = require('@lab/config');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'mf_auth',
  port: 3004,
  // the remote's public API; its types are in src/exposes.ts
  exposes: {
    './AuthModals': './src/exposed/AuthModals.tsx',
  },
});
