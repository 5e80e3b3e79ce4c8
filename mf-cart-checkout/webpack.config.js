const { createWebpackConfig } = require('@lab/config');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'mf_cart_checkout',
  port: 3002,
  // the remote's public API; its types are in src/exposes.ts
  exposes: {
    // its pages: a subtree of the site's routes (src/routes.ts)
    './routes': './src/routes.ts',
    './CartButton': './src/exposed/CartButton.tsx',
    './UtmCapture': './src/exposed/UtmCapture.tsx',
  },
  // its pages described, its cart rendered, for the shell's server (@lab/pages): server/pages.js
  server: './src/server.tsx',
});
