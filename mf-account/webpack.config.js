const { createWebpackConfig } = require('@lab/config');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'mf_account',
  port: 3003,
  // the remote's public API; its types are in src/exposes.ts
  exposes: {
    // its pages: a subtree of the site's routes (src/routes.ts)
    './routes': './src/routes.ts',
    './ProfileMenu': './src/exposed/ProfileMenu.tsx',
  },
  // its pages' crumbs, titles and frames for the shell's server (@lab/pages): server/pages.js
  server: './src/server.ts',
});
