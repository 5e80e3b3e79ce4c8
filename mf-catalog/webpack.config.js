const { createWebpackConfig } = require('@lab/config');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'mf_catalog',
  port: 3001,
  // the remote's public API; its types are in src/exposes.ts
  exposes: {
    './SearchButton': './src/exposed/SearchButton.tsx',
  },
});
