const { createWebpackConfig } = require('@lab/config');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'mf_account',
  port: 3003,
  // the remote's public API; its types are in src/exposes.ts
  exposes: {
    './ProfileMenu': './src/exposed/ProfileMenu.tsx',
    './AccountPage': './src/exposed/AccountPage.tsx',
  },
});
