const { createWebpackConfig } = require('@lab/config');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'mf_catalog',
  port: 3001,
  // the remote's public API; its types are in src/exposes.ts
  exposes: {
    // its pages: a subtree of the site's routes (src/routes.ts)
    './routes': './src/routes.ts',
    './SearchButton': './src/exposed/SearchButton.tsx',
    './PopularServices': './src/exposed/PopularServices.tsx',
    './PackagesShowcase': './src/exposed/PackagesShowcase.tsx',
  },
  // its pages described and rendered for the shell's server (@lab/pages): server/pages.js
  server: './src/server.tsx',
});
