const { createWebpackConfig } = require('@lab/config');

module.exports = createWebpackConfig({
  dir: __dirname,
  name: 'mf_catalog',
  port: 3001,
  // the remote's public API; its types are in src/exposes.ts
  exposes: {
    './SearchButton': './src/exposed/SearchButton.tsx',
    './CataloguePage': './src/exposed/CataloguePage.tsx',
    './CategoryPage': './src/exposed/CategoryPage.tsx',
    './ServicePage': './src/exposed/ServicePage.tsx',
    './SearchPage': './src/exposed/SearchPage.tsx',
    './PopularServices': './src/exposed/PopularServices.tsx',
    './PackagesShowcase': './src/exposed/PackagesShowcase.tsx',
  },
  // its pages rendered on the shell's server until the browser's render replaces them (@lab/preview)
  preview: './src/preview.tsx',
});
